import type { EngagementKind } from '@pulse/contracts';

/**
 * One applied engagement event. Its _id is the event's natural key, so inserting it is the apply-once
 * marker (README 'Idempotency'); the view records also rebuild the in-memory windows after a restart.
 */
export interface EngagementRecord {
  _id: string;
  articleId: string;
  kind: EngagementKind;
  /** The event's occurredAt. */
  at: string;
}
