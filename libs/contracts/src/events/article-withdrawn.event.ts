import { z } from 'zod';
import { defineEvent } from './define-event';
import { entityId, isoDateTime } from './shared-schemas';

/**
 * content → trending and community: an editor took a published article down (an authored insight or a
 * tech analysis, under the id its techanalysis.published carried, withdrawn with a reason; its address
 * answers 410), so trending stops listing it and community stops taking comments on it. The same id published again comes as a new article.published (or
 * techanalysis.published) whose publishedAt is later than `withdrawnAt`: whichever of the two is later
 * wins, so the two topics may arrive in either order.
 *
 * NEVER rename this topic or change this payload in place; a breaking change gets a v2 beside it.
 */
export const ARTICLE_WITHDRAWN_TOPIC = 'article.withdrawn';
export const ARTICLE_WITHDRAWN_VERSION = 1;

export const articleWithdrawnPayloadSchema = z.object({
  id: entityId,
  withdrawnAt: isoDateTime,
});
export type ArticleWithdrawnPayload = z.output<typeof articleWithdrawnPayloadSchema>;

export const articleWithdrawnEvent = defineEvent({
  topic: ARTICLE_WITHDRAWN_TOPIC,
  version: ARTICLE_WITHDRAWN_VERSION,
  schema: articleWithdrawnPayloadSchema,
  // The article, as article.published: one article's events stay in order on their topic.
  partitionKey: (payload) => payload.id,
});
