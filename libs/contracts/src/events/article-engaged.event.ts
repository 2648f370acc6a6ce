import { z } from 'zod';
import { defineEvent } from './define-event';
import { entityId, isoDateTime, sharePlatformSchema } from './shared-schemas';

/**
 * content → trending (docs/design.md §1): a reader viewed, liked, unliked or shared an article; trending turns these
 * into hotScore and viewsPerHour.
 *
 * NEVER rename this topic or change this payload in place: consumers and stored events depend on it. A
 * breaking change gets a new definition beside this one ('article.engaged.v2', version 2), and producers
 * publish both until every consumer has moved.
 */
export const ARTICLE_ENGAGED_TOPIC = 'article.engaged';
export const ARTICLE_ENGAGED_VERSION = 1;

const common = {
  articleId: entityId,
  /** A one-way hash of the reader's session, so trending can count distinct readers without knowing them. */
  sessionKey: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
  occurredAt: isoDateTime,
};

/** A share names its platform; the other kinds carry none. */
export const articleEngagedPayloadSchema = z.discriminatedUnion('kind', [
  z.object({ ...common, kind: z.enum(['view', 'like', 'unlike']) }),
  z.object({ ...common, kind: z.literal('share'), platform: sharePlatformSchema }),
]);
export type ArticleEngagedPayload = z.output<typeof articleEngagedPayloadSchema>;
export type EngagementKind = ArticleEngagedPayload['kind'];

export const articleEngagedEvent = defineEvent({
  topic: ARTICLE_ENGAGED_TOPIC,
  version: ARTICLE_ENGAGED_VERSION,
  schema: articleEngagedPayloadSchema,
  partitionKey: (payload) => payload.articleId,
});
