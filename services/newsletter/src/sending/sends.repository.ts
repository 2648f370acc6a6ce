import { Inject, Injectable } from '@nestjs/common';
import {
  DOCUMENT_STORE,
  insertNew,
  type Collection,
  type DocumentStore,
  type IndexSpec,
} from '@pulse/platform';
import type { SendRecord } from './send.record';

type Outcome = Pick<SendRecord, 'status' | 'dueAt'> &
  Partial<Pick<SendRecord, 'sentAt' | 'messageId' | 'lastError'>>;

export const SENDS = 'newsletter_sends';

export const SEND_INDEXES: IndexSpec[] = [
  // claim (MongoDB): the earliest due mails of one status, in the claim's sort order
  { key: { status: 1, dueAt: 1, _id: 1 } },
  // claim (embedded store, which answers only equality on a single-field index without a scan)
  { key: { status: 1 } },
  // an edition's progress by status
  { key: { editionId: 1, status: 1 } },
];

/** Reads of due mails a claim makes before giving up to others that took them all. */
const CLAIM_ATTEMPTS = 3;

/** Send records: queued by the enqueue, claimed atomically by one sender at a time, then settled. */
@Injectable()
export class SendsRepository {
  private readonly sends: Collection<SendRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.sends = store.collection<SendRecord>(SENDS, { indexes: SEND_INDEXES });
  }

  /**
   * Inserts the records that do not exist yet, in bulk; returns how many were new. A resumed walk meets
   * the records it wrote before a crash (the page past its saved cursor): those are left as they are.
   */
  async queue(records: SendRecord[]): Promise<number> {
    if (!records.length) return 0;
    return (await insertNew(this.sends, records)).size;
  }

  /**
   * Claims up to `limit` of the earliest due mails (queued, or claimed by a sender whose lease ran out)
   * for `claim` until `leaseUntil`, and returns them. The write is conditional per record, so two
   * senders (workers or replicas) that pick the same candidates never both get one. `claim` names this
   * claimer and this batch: a settle or release must name it too.
   */
  async claimBatch(claim: string, now: string, leaseUntil: string, limit: number): Promise<SendRecord[]> {
    // Another replica may take the same candidates first; the next read no longer sees those.
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
      // Lease-expired claims first: they are the oldest, and a big edition's queue would keep them waiting.
      const ids = [
        ...(await this.dueIds('claimed', now, limit)),
        ...(await this.dueIds('queued', now, limit)),
      ];
      if (!ids.length) return [];
      await this.sends.updateMany(
        { _id: { $in: ids.slice(0, limit) }, status: { $in: ['queued', 'claimed'] }, dueAt: { $lte: now } },
        { $set: { status: 'claimed', claimedBy: claim, dueAt: leaseUntil }, $inc: { attempts: 1 } },
      );
      const claimed = await this.sends.find({ _id: { $in: ids.slice(0, limit) }, claimedBy: claim });
      if (claimed.length) return claimed;
    }
    return [];
  }

  /**
   * Gives claimed mails back unsent (a sender stopping, or a batch it cannot finish within its lease):
   * queued again, due now, the attempt not counted.
   */
  async release(ids: string[], claim: string, now: string): Promise<void> {
    if (!ids.length) return;
    await this.sends.updateMany(
      { _id: { $in: ids }, status: 'claimed', claimedBy: claim },
      { $set: { status: 'queued', dueAt: now }, $unset: { claimedBy: '' }, $inc: { attempts: -1 } },
    );
  }

  /**
   * Ids of the earliest mails of one status due by `now`. An equality on status sorted by dueAt (the
   * compound index on MongoDB; the status index on the embedded store); the time is compared here, as
   * a range in the filter would make the embedded store test every record.
   */
  private async dueIds(status: 'queued' | 'claimed', now: string, limit: number): Promise<string[]> {
    const first = await this.sends.find<Pick<SendRecord, '_id' | 'dueAt'>>(
      { status },
      { sort: { dueAt: 1 }, limit, projection: { dueAt: 1 } },
    );
    return first.filter((send) => send.dueAt <= now).map((send) => send._id);
  }

  /** Settles a claim; false when the claim was lost (its lease ran out and another sender took it). */
  async settle(id: string, claim: string, outcome: Outcome): Promise<boolean> {
    const { matched } = await this.sends.updateOne(
      { _id: id, status: 'claimed', claimedBy: claim },
      { $set: outcome, $unset: { claimedBy: '' } },
    );
    return matched === 1;
  }

  async nextDue(): Promise<string | undefined> {
    const next = await this.sends.findOne(
      { status: { $in: ['queued', 'claimed'] } },
      { sort: { dueAt: 1 }, projection: { dueAt: 1 } },
    );
    return next?.dueAt;
  }

  /** An edition's mails not settled yet (queued, retrying or in flight): how far its send runs ahead. */
  unsettled(editionId: string): Promise<number> {
    return this.sends.countDocuments({ editionId, status: { $in: ['queued', 'claimed'] } });
  }

  /**
   * An edition's mails by status. Counted status by status rather than grouped: a count reads no
   * record out of the store, where a $group on the embedded store copies every one of the edition's.
   */
  async progress(editionId: string): Promise<Record<SendRecord['status'], number>> {
    const statuses = ['queued', 'claimed', 'sent', 'bounced', 'failed', 'skipped'] as const;
    const counts = await Promise.all(
      statuses.map((status) => this.sends.countDocuments({ editionId, status })),
    );
    return Object.fromEntries(statuses.map((status, i) => [status, counts[i]])) as Record<
      SendRecord['status'],
      number
    >;
  }
}
