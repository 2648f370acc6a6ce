import type { ReportBody } from '@pulse/contracts';

/** A reader's report of a post (`community_reports`): one per identity per post. */
export interface ReportRecord {
  _id: string;
  kind: 'question' | 'answer' | 'comment';
  targetId: string;
  identityId: string;
  reason: ReportBody['reason'];
  detail: string | null;
  at: string;
}
