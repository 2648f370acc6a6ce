import { z } from 'zod';
import { defineEvent } from './define-event';
import { entityId, isoDateTime } from './shared-schemas';

/**
 * trending → content (docs/design.md §1): fresh scores, so article documents and the news list's HOT badge and hot
 * tab reflect them without content calling trending.
 *
 * NEVER rename this topic or change this payload in place: consumers and stored events depend on it. A
 * breaking change gets a new definition beside this one ('trending.scores-updated.v2', version 2), and
 * producers publish both until every consumer has moved.
 */
export const TRENDING_SCORES_UPDATED_TOPIC = 'trending.scores-updated';
export const TRENDING_SCORES_UPDATED_VERSION = 1;

export const articleScoreSchema = z.object({
  articleId: entityId,
  hotScore: z.number().nonnegative(),
  viewsPerHour: z.number().nonnegative(),
  isHotTopic: z.boolean(),
});

export const trendingScoresUpdatedPayloadSchema = z.object({
  computedAt: isoDateTime,
  /** Only articles whose scores changed since the last batch. */
  scores: z.array(articleScoreSchema).max(5000),
});
export type TrendingScoresUpdatedPayload = z.output<typeof trendingScoresUpdatedPayloadSchema>;
export type ArticleScore = z.output<typeof articleScoreSchema>;

/** One key for all batches: a later batch must never be applied before an earlier one. */
export const TRENDING_SCORES_KEY = 'trending-scores';

export const trendingScoresUpdatedEvent = defineEvent({
  topic: TRENDING_SCORES_UPDATED_TOPIC,
  version: TRENDING_SCORES_UPDATED_VERSION,
  schema: trendingScoresUpdatedPayloadSchema,
  partitionKey: () => TRENDING_SCORES_KEY,
});
