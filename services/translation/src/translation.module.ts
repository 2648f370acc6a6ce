import { Module } from '@nestjs/common';
import { loadConfig } from '@pulse/platform';
import { ArticleCollectedHandler } from './events/article-collected.handler';
import { TRANSLATION_CONFIG, translationConfigSchema } from './translation.config';
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
    // Validated at start, like the ports' settings; a bad price fails the boot naming the variable.
    { provide: TRANSLATION_CONFIG, useFactory: () => loadConfig({ t: translationConfigSchema }).t },
  ],
  exports: [TranslationService],
})
export class TranslationJobsModule {}

/**
 * The translation service's feature module. Consumes article.collected, rewrites it in Korean through
 * the LLM port; emits article.translated.
 */
@Module({
  imports: [TranslationJobsModule],
  controllers: [ArticleCollectedHandler],
})
export class TranslationModule {}
