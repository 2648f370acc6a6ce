import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { TOPICS, type ArticleCollectedPayload, type EventEnvelope } from '@pulse/contracts';
import { TranslationService } from '../translation.service';

/**
 * ingestion → translation. The bus has already validated the payload, deduplicated the envelope and keeps
 * heartbeating while the LLM works; the service guards the cluster against a second translation.
 */
@Controller()
export class ArticleCollectedHandler {
  constructor(private readonly translations: TranslationService) {}

  @EventPattern<string>(TOPICS.articleCollected)
  async onArticleCollected(@Payload() event: EventEnvelope<ArticleCollectedPayload>): Promise<void> {
    await this.translations.onCollected(event.payload);
  }
}
