import type { ReportBody, TrustLevel } from '@pulse/contracts';

/** A reader's report of a post (`community_reports`): one per identity per post. */
export interface ReportRecord {
  _id: string;
  kind: 'question' | 'answer' | 'comment';
  targetId: string;
  identityId: string;
  reason: ReportBody['reason'];
  detail: string | null;
  at: string;
  /**
   * The reporter's trust level and its report weight when reporting, and a hash of its network
   * (TrustService.networkKey). Reports stored before trust levels have none and weigh nothing.
   */
  trustLevel?: TrustLevel;
  weight?: number;
  network?: string;
  /**
   * When a moderator restored the post after this report: reviewed, it no longer counts toward holding
   * the post again (ReportLedger).
   */
  reviewedAt?: string;
}
