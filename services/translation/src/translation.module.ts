import { Module } from '@nestjs/common';
import { AdminAuthModule, CLOCK, SERVICE_CONFIG, systemClock } from '@pulse/platform';
import { DemoCorpusSeeder } from './demo/demo-corpus.seeder';
import { ReviewController } from './review/review.controller';
import { ReviewService } from './review/review.service';
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
    { provide: CLOCK, useValue: systemClock },
  ],
  // The repository, settings and clock are also exported for the seeder and the review (TranslationModule).
  exports: [TranslationService, TranslationRepository, TRANSLATION_CONFIG, CLOCK],
})
export class TranslationJobsModule {}

/**
 * The translation service's feature module. Consumes article.collected, rewrites it in Korean through
 * the LLM port; emits article.translated. Admins review held jobs over /api/translation/admin/held.
 */
@Module({
  imports: [TranslationJobsModule, AdminAuthModule],
  controllers: [ArticleCollectedHandler, ReviewController],
  // Fills an empty store with the Korean sample corpus when DEMO_CORPUS=true (embedded mode); here rather
  // than in TranslationJobsModule so the backfill command never seeds. The review of held jobs is an
  // HTTP API, so the backfill command does not boot it either.
  providers: [DemoCorpusSeeder, ReviewService],
})
export class TranslationModule {}
