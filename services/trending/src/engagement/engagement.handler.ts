import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  TOPICS,
  type ArticleEngagedPayload,
  type ArticlePublishedPayload,
  type EventEnvelope,
} from '@pulse/contracts';
import { EngagementService } from './engagement.service';

/**
 * content → trending. The bus has validated the payload and skips an envelope it already processed;
 * the service also applies each engagement once by its natural key, so a re-sent event is a no-op too.
 */
@Controller()
export class EngagementHandler {
  constructor(private readonly engagement: EngagementService) {}

  @EventPattern(TOPICS.articlePublished)
  async onArticlePublished(@Payload() event: EventEnvelope<ArticlePublishedPayload>): Promise<void> {
    await this.engagement.onPublished(event.payload);
  }

  @EventPattern(TOPICS.articleEngaged)
  async onArticleEngaged(@Payload() event: EventEnvelope<ArticleEngagedPayload>): Promise<void> {
    await this.engagement.onEngaged(event.payload);
  }
}
