/**
 * One WebSub subscription of a source to its hub, as stored in `websub_subscriptions`. `_id` is the
 * callback id (the last segment of the callback URL); `secret` signs the hub's pushes.
 *
 * requested → active (hub verified intent) → lapsed (lease ended without a verified renewal);
 * requested → denied (hub said so) or failed (hub refused the request); requested or active →
 * superseded when the source subscribes again (another hub or topic, or a request never verified);
 * requested or active → unsubscribing (its source was deleted; the hub is asked to stop) → unsubscribed
 * (the hub verified that, or refused to hear it). Only an active one is pushed to; only a requested or
 * active one is verified as a subscribe, only an unsubscribing one as an unsubscribe.
 */
export type SubscriptionState =
  'requested' | 'active' | 'denied' | 'failed' | 'lapsed' | 'superseded' | 'unsubscribing' | 'unsubscribed';

export interface SubscriptionDocument {
  _id: string;
  sourceId: string;
  hub: string;
  topic: string;
  secret: string;
  state: SubscriptionState;
  /** When we last asked the hub (a first request or a renewal). */
  requestedAt: string;
  /** The lease the hub granted at its last verification, and when it ends. */
  leaseSeconds: number | null;
  expiresAt: string | null;
  verifiedAt: string | null;
  /** When a renewal of the current lease was asked; cleared by the hub's next verification. */
  renewalAskedAt?: string | null;
  /** Why it was denied or failed, as the hub said. */
  reason: string | null;
  lastPushAt: string | null;
  pushes: number;
}
