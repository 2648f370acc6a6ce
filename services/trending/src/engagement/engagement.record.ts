import type { EngagementKind } from '@pulse/contracts';

/**
 * One applied engagement event. Its _id is the event's natural key, so inserting it is the apply-once
 * marker (services/trending/README.md 'Idempotency'); the view records also rebuild the in-memory windows after a restart.
 */
export interface EngagementRecord {
  _id: string;
  articleId: string;
  kind: EngagementKind;
  /** The event's occurredAt. */
  at: string;
  /**
   * The batch apply that claimed the marker (an id per apply). Until that apply's record is in
   * engagement_applies, the marker is taken but its counters may not be applied yet; a redelivery
   * then asks the article's appliedBatches (EngagementService.onEngagedBatch).
   */
  batch?: string;
  /**
   * A view's networkHash and sessionIssuedAt, when its event carried them: what the rigging filter weighed
   * it by, so the windows' rebuild gives it the weight it had (EngagementService.onApplicationBootstrap).
   */
  networkHash?: string;
  sessionIssuedAt?: string;
}

/**
 * What the rigging filter took off one reader session's like of an article (1 − its weight), kept while
 * the like stands so the session's unlike takes back exactly that. Only discounted likes have one.
 */
export interface LikeDiscountRecord {
  /** likeKey: article and reader session. */
  _id: string;
  discount: number;
  /** The like's occurredAt, for the purge. */
  at: string;
}
