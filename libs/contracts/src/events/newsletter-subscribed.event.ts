import { z } from 'zod';
import { defineEvent } from './define-event';
import { entityId, isoDateTime } from './shared-schemas';

/**
 * newsletter → (analytics, admin counts): an address confirmed its subscription. A sign-up that has not
 * confirmed yet is not a subscriber, so it emits nothing (docs/design.md §1: subscribe, confirm, unsubscribe).
 * The address travels because the digest sender may run apart from the sign-up API.
 *
 * NEVER rename this topic or change this payload in place: consumers and stored events depend on it. A
 * breaking change gets a new definition beside this one ('newsletter.subscribed.v2', version 2), and
 * producers publish both until every consumer has moved.
 */
export const NEWSLETTER_SUBSCRIBED_TOPIC = 'newsletter.subscribed';
export const NEWSLETTER_SUBSCRIBED_VERSION = 1;

export const newsletterSubscribedPayloadSchema = z.object({
  subscriberId: entityId,
  email: z.email().max(254),
  subscribedAt: isoDateTime,
});
export type NewsletterSubscribedPayload = z.output<typeof newsletterSubscribedPayloadSchema>;

export const newsletterSubscribedEvent = defineEvent({
  topic: NEWSLETTER_SUBSCRIBED_TOPIC,
  version: NEWSLETTER_SUBSCRIBED_VERSION,
  schema: newsletterSubscribedPayloadSchema,
  partitionKey: (payload) => payload.subscriberId,
});
