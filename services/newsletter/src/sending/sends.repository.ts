import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';
import type { SendRecord } from './send.record';

type Outcome = Pick<SendRecord, 'status' | 'dueAt'> &
  Partial<Pick<SendRecord, 'sentAt' | 'messageId' | 'lastError'>>;

/** Send records: queued by the enqueue, claimed atomically by one sender at a time, then settled. */
@Injectable()
export class SendsRepository {
  private readonly sends: Collection<SendRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.sends = store.collection<SendRecord>('newsletter_sends', {
      indexes: [
        // claim: the earliest due queued or lease-expired mail
        { key: { status: 1, dueAt: 1 } },
        // an edition's progress by status
        { key: { editionId: 1, status: 1 } },
      ],
    });
  }

  /** Inserts the records that do not exist yet; returns how many were new. */
  async queue(records: SendRecord[]): Promise<number> {
    if (!records.length) return 0;
    try {
      return (await this.sends.insertMany(records)).inserted;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      // A resumed enqueue meets the records it wrote before a crash: insert the rest one by one.
      let inserted = 0;
      for (const record of records) {
        try {
          await this.sends.insertOne(record);
          inserted += 1;
        } catch (inner) {
          if (!(inner instanceof DuplicateKeyError)) throw inner;
        }
      }
      return inserted;
    }
  }

  /**
   * Claims the earliest due mail for `worker` until `leaseUntil`, in one atomic write, so two senders
   * (threads or replicas) never hold the same one.
   */
  claim(worker: string, now: string, leaseUntil: string): Promise<SendRecord | null> {
    return this.sends.findOneAndUpdate(
      { status: { $in: ['queued', 'claimed'] }, dueAt: { $lte: now } },
      { $set: { status: 'claimed', claimedBy: worker, dueAt: leaseUntil }, $inc: { attempts: 1 } },
      { sort: { dueAt: 1 }, returnDocument: 'after' },
    );
  }

  /** Settles a claim; false when the claim was lost (its lease ran out and another sender took it). */
  async settle(id: string, worker: string, outcome: Outcome): Promise<boolean> {
    const { matched } = await this.sends.updateOne(
      { _id: id, status: 'claimed', claimedBy: worker },
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

  async progress(editionId: string): Promise<Record<SendRecord['status'], number>> {
    const rows = await this.sends.aggregate<{ _id: SendRecord['status']; n: number }>([
      { $match: { editionId } },
      { $group: { _id: '$status', n: { $sum: 1 } } },
    ]);
    const counts = { queued: 0, claimed: 0, sent: 0, bounced: 0, failed: 0, skipped: 0 };
    for (const row of rows) counts[row._id] = row.n;
    return counts;
  }
}
