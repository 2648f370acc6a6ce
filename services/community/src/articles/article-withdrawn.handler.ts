import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { TOPICS, type ArticleWithdrawnPayload, type EventEnvelope } from '@pulse/contracts';
import { PublishedArticles } from './published-articles';

/**
 * content → community: an editor took an article down, so it stops taking comments and replies now rather
 * than when the cached "published" answer runs out (libs/contracts article-withdrawn.event.ts).
 */
@Controller()
export class ArticleWithdrawnHandler {
  constructor(private readonly published: PublishedArticles) {}

  @EventPattern<string>(TOPICS.articleWithdrawn)
  onArticleWithdrawn(@Payload() event: EventEnvelope<ArticleWithdrawnPayload>): Promise<void> {
    return this.published.forget(event.payload.id);
  }
}
