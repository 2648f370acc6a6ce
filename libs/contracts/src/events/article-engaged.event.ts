import { z } from 'zod';
import { defineEvent } from './define-event';
import { entityId, isoDateTime, sharePlatformSchema } from './shared-schemas';

/**
 * content → trending (docs/design.md §1): a reader viewed, liked, unliked or shared an article; trending turns these
 * into hotScore and viewsPerHour.
 *
 * NEVER rename this topic or change this payload in place: consumers and stored events depend on it
 * (optional fields that old consumers may ignore, as below, are the one compatible change). A
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
  /**
   * What trending's filter needs to discount a burst from one network and from brand-new sessions
   * (docs/abuse/engagement.md). Optional, so this stays version 1: a consumer that predates them drops
   * unknown keys (zod objects strip them) and an event from a producer that predates them lacks them
   * (trending takes such an event at face value, as before).
   *
   * networkHash: a keyed one-way hash of the reader's network (IPv4 address, IPv6 /64: networkOf), equal
   * for equal networks; never the address.
   */
  networkHash: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/)
    .optional(),
  /** When the site issued the reader's session (signed in its cookie): the session's age at occurredAt. */
  sessionIssuedAt: isoDateTime.optional(),
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
