import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  TOPICS,
  type ArticleTranslatedPayload,
  type EventEnvelope,
  type TrendingScoresUpdatedPayload,
} from '@pulse/contracts';
import { PublishingService } from './publishing.service';

/**
 * translation → content and trending → content. The bus has validated the payload and skips an envelope
 * it already processed; the service is idempotent by version as well.
 */
@Controller()
export class PublishingHandler {
  constructor(private readonly publishing: PublishingService) {}

  @EventPattern<string>(TOPICS.articleTranslated)
  async onArticleTranslated(@Payload() event: EventEnvelope<ArticleTranslatedPayload>): Promise<void> {
    await this.publishing.onTranslated(event.payload);
  }

  @EventPattern<string>(TOPICS.trendingScoresUpdated)
  async onScoresUpdated(@Payload() event: EventEnvelope<TrendingScoresUpdatedPayload>): Promise<void> {
    await this.publishing.onScores(event.payload);
  }
}
