/**
 * One mail of one edition to one subscriber (`newsletter_sends`), id `${editionId}:${subscriberId}`: the
 * unique id is what makes an edition reach each subscriber once, however often the enqueue is resumed.
 * `dueAt` is when it may be claimed: for a queued mail its next attempt, for a claimed one the end of the
 * claimer's lease, after which another sender takes it over.
 */
export interface SendRecord {
  _id: string;
  editionId: string;
  subscriberId: string;
  status: 'queued' | 'claimed' | 'sent' | 'bounced' | 'failed' | 'skipped';
  dueAt: string;
  attempts: number;
  claimedBy?: string;
  sentAt?: string;
  messageId?: string;
  lastError?: string;
}

export const sendId = (editionId: string, subscriberId: string): string => `${editionId}:${subscriberId}`;
