import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  TOPICS,
  type ArticleEngagedPayload,
  type ArticlePublishedPayload,
  type ArticleWithdrawnPayload,
  type EventEnvelope,
  type TechAnalysisPublishedPayload,
} from '@pulse/contracts';
import { EngagementService } from './engagement.service';

/** Large enough that per-batch round trips are noise, small enough that a redelivered batch is cheap. */
const ENGAGEMENT_BATCH_SIZE = 2_000;

/**
 * content → trending. The bus has validated the payload and skips an article.published it already
 * processed; engagements come in batches and are applied once each by their natural key, so a
 * redelivered envelope and a re-sent event (new envelope id) are both no-ops.
 */
@Controller()
export class EngagementHandler {
  constructor(private readonly engagement: EngagementService) {}

  @EventPattern<string>(TOPICS.articlePublished)
  async onArticlePublished(@Payload() event: EventEnvelope<ArticlePublishedPayload>): Promise<void> {
    await this.engagement.onPublished(event.payload);
  }

  @EventPattern<string>(TOPICS.articleWithdrawn)
  async onArticleWithdrawn(@Payload() event: EventEnvelope<ArticleWithdrawnPayload>): Promise<void> {
    await this.engagement.onWithdrawn(event.payload);
  }

  @EventPattern<string>(TOPICS.techAnalysisPublished)
  async onTechAnalysisPublished(
    @Payload() event: EventEnvelope<TechAnalysisPublishedPayload>,
  ): Promise<void> {
    await this.engagement.onTechAnalysisPublished(event.payload);
  }

  /**
   * In batches of a partition's waiting events: a few store round trips per batch, not per event. The
   * engagement markers are the processed record (ownMarkers): the bus's own would double the writes.
   */
  @EventPattern<string>(TOPICS.articleEngaged, {
    batch: { maxSize: ENGAGEMENT_BATCH_SIZE },
    ownMarkers: true,
  })
  async onArticleEngaged(@Payload() events: Array<EventEnvelope<ArticleEngagedPayload>>): Promise<void> {
    await this.engagement.onEngagedBatch(events.map((event) => event.payload));
  }
}
