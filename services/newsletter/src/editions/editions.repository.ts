import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';
import type { EditionRecord } from './edition.record';

/** Edition records; the id is the edition's name, so creating one twice is a duplicate key, not a second edition. */
@Injectable()
export class EditionsRepository {
  private readonly editions: Collection<EditionRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.editions = store.collection<EditionRecord>('newsletter_editions', {
      // the archive lists editions newest first; the scheduler finds enqueues to resume
      indexes: [{ key: { date: -1 } }, { key: { enqueue: 1, enqueueLeaseUntil: 1 } }],
    });
  }

  findById(id: string): Promise<EditionRecord | null> {
    return this.editions.findOne({ _id: id });
  }

  /** false when the edition exists already (another replica, or an earlier tick, made it). */
  async create(edition: EditionRecord): Promise<boolean> {
    try {
      await this.editions.insertOne(edition);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** Newest first, without their articles (the archive page). */
  list(limit: number): Promise<Array<Pick<EditionRecord, '_id' | 'kind' | 'date' | 'title' | 'recipients'>>> {
    return this.editions.find(
      {},
      { sort: { date: -1, kind: 1 }, limit, projection: { kind: 1, date: 1, title: 1, recipients: 1 } },
    );
  }

  /** Takes (or takes over, once its lease ran out) the enqueue of one edition. */
  claimEnqueue(id: string, worker: string, now: string, leaseUntil: string): Promise<EditionRecord | null> {
    return this.editions.findOneAndUpdate(
      {
        _id: id,
        enqueue: 'running',
        $or: [{ enqueueLeaseUntil: { $exists: false } }, { enqueueLeaseUntil: { $lt: now } }],
      },
      { $set: { enqueuedBy: worker, enqueueLeaseUntil: leaseUntil } },
      { returnDocument: 'after' },
    );
  }

  /** Enqueues left unfinished by a sender that died. */
  stalled(now: string): Promise<Array<Pick<EditionRecord, '_id'>>> {
    return this.editions.find(
      { enqueue: 'running', enqueueLeaseUntil: { $lt: now } },
      { projection: { _id: 1 }, limit: 10 },
    );
  }

  async progress(
    id: string,
    worker: string,
    through: string,
    added: number,
    leaseUntil: string,
  ): Promise<boolean> {
    const { matched } = await this.editions.updateOne(
      { _id: id, enqueuedBy: worker },
      { $set: { enqueuedThrough: through, enqueueLeaseUntil: leaseUntil }, $inc: { recipients: added } },
    );
    return matched === 1;
  }

  async finishEnqueue(id: string, worker: string): Promise<void> {
    await this.editions.updateOne(
      { _id: id, enqueuedBy: worker },
      { $set: { enqueue: 'done' }, $unset: { enqueueLeaseUntil: '', enqueuedBy: '' } },
    );
  }
}
