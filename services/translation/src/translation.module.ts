import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@pulse/platform';
import { DemoCorpusSeeder } from './demo/demo-corpus.seeder';
import { ArticleCollectedHandler } from './events/article-collected.handler';
import { TRANSLATION_CONFIG, type TranslationConfig } from './translation.config';
import { TranslationRepository } from './translation.repository';
import { TranslationService } from './translation.service';

/**
 * Translation jobs without the event handler: what the backfill command boots, so a one-off run never
 * joins the consumer group and takes live events.
 */
@Module({
  providers: [
    TranslationService,
    TranslationRepository,
    // translationConfigSchema, validated at start by the platform (ServiceDefinition.config).
    {
      provide: TRANSLATION_CONFIG,
      inject: [SERVICE_CONFIG],
      useFactory: (config: { translation: TranslationConfig }) => config.translation,
    },
  ],
  // The repository and settings are also exported for the demo corpus seeder (TranslationModule).
  exports: [TranslationService, TranslationRepository, TRANSLATION_CONFIG],
})
export class TranslationJobsModule {}

/**
 * The translation service's feature module. Consumes article.collected, rewrites it in Korean through
 * the LLM port; emits article.translated.
 */
@Module({
  imports: [TranslationJobsModule],
  controllers: [ArticleCollectedHandler],
  // Fills an empty store with the Korean sample corpus when DEMO_CORPUS=true (embedded mode); here rather
  // than in TranslationJobsModule so the backfill command never seeds.
  providers: [DemoCorpusSeeder],
})
export class TranslationModule {}
