import { Inject, Injectable } from '@nestjs/common';
import { TOPICS } from '@pulse/contracts';
import {
  DOCUMENT_STORE,
  DuplicateKeyError,
  excludeOutbox,
  OUTBOX,
  type Collection,
  type DocumentStore,
  type IndexSpec,
  type OutboxWriter,
} from '@pulse/platform';
import type { Frequency, SubscriberRecord } from './subscriber.record';

export const SUBSCRIBERS = 'newsletter_subscribers';

export const SUBSCRIBER_INDEXES: IndexSpec[] = [
  // sign-up looks an address up; one record per address
  { key: { email: 1 }, unique: true },
  // the digest enqueue walks confirmed subscribers of one frequency in _id order
  { key: { status: 1, frequency: 1, _id: 1 } },
  // the sweeper forgets pending sign-ups past forgetAt
  { key: { status: 1, forgetAt: 1 } },
];

/** Subscriber records. Every state change is conditional on the state it starts from. */
@Injectable()
export class SubscribersRepository {
  private readonly subscribers: Collection<SubscriberRecord>;

  constructor(
    @Inject(DOCUMENT_STORE) store: DocumentStore,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
  ) {
    outbox.register(SUBSCRIBERS);
    this.subscribers = store.collection<SubscriberRecord>(SUBSCRIBERS, { indexes: SUBSCRIBER_INDEXES });
  }

  findById(id: string): Promise<SubscriberRecord | null> {
    return this.subscribers.findOne({ _id: id }, { projection: excludeOutbox() });
  }

  findByEmail(email: string): Promise<SubscriberRecord | null> {
    return this.subscribers.findOne({ email }, { projection: excludeOutbox() });
  }

  /** false when the address is already on the list (a concurrent sign-up won). */
  async insertPending(record: SubscriberRecord): Promise<boolean> {
    try {
      await this.subscribers.insertOne(record);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** An unsubscribed or bounced address signs up again: pending, with a fresh nonce. */
  async restartPending(
    id: string,
    from: SubscriberRecord['status'],
    change: { confirmNonce: string; forgetAt: string; at: string },
  ): Promise<boolean> {
    const { matched } = await this.subscribers.updateOne(
      { _id: id, status: from },
      {
        $set: {
          status: 'pending',
          confirmNonce: change.confirmNonce,
          forgetAt: change.forgetAt,
          updatedAt: change.at,
        },
      },
    );
    return matched === 1;
  }

  /** Pending → confirmed when the nonce is the current one; stores newsletter.subscribed with it. */
  async confirm(record: SubscriberRecord, nonce: string, at: string): Promise<boolean> {
    const event = this.outbox.event(TOPICS.newsletterSubscribed, {
      subscriberId: record._id,
      email: record.email,
      subscribedAt: at,
    });
    const { matched } = await this.outbox.updateOne(
      this.subscribers,
      { _id: record._id, status: 'pending', confirmNonce: nonce },
      {
        $set: { status: 'confirmed', confirmedAt: at, updatedAt: at },
        $unset: { confirmNonce: '', forgetAt: '', unsubscribedAt: '', bouncedAt: '' },
      },
      [event],
    );
    return matched === 1;
  }

  /** Confirmed → unsubscribed; false when it was not confirmed (already out, or never in). */
  async unsubscribe(id: string, at: string): Promise<boolean> {
    const { matched } = await this.subscribers.updateOne(
      { _id: id, status: 'confirmed' },
      { $set: { status: 'unsubscribed', unsubscribedAt: at, updatedAt: at } },
    );
    return matched === 1;
  }

  async markBounced(id: string, at: string): Promise<void> {
    await this.subscribers.updateOne(
      { _id: id, status: 'confirmed' },
      { $set: { status: 'bounced', bouncedAt: at, updatedAt: at } },
    );
  }

  async setPreferences(
    id: string,
    preferences: Pick<SubscriberRecord, 'categories' | 'frequency'>,
    at: string,
  ): Promise<SubscriberRecord | null> {
    return this.outbox.findOneAndUpdate(
      this.subscribers,
      { _id: id },
      { $set: { categories: preferences.categories, frequency: preferences.frequency, updatedAt: at } },
      [],
      { returnDocument: 'after' },
    );
  }

  async delete(id: string): Promise<boolean> {
    return (await this.subscribers.deleteOne({ _id: id })).deleted === 1;
  }

  /** Forgets sign-ups never confirmed in time; returns how many. */
  async forgetUnconfirmed(now: string): Promise<number> {
    return (await this.subscribers.deleteMany({ status: 'pending', forgetAt: { $lt: now } })).deleted;
  }

  /** A page of confirmed subscribers of one frequency after `afterId`, in _id order. */
  confirmedPage(frequency: Frequency, afterId: string, limit: number): Promise<SubscriberRecord[]> {
    return this.subscribers.find(
      { status: 'confirmed', frequency, _id: { $gt: afterId } },
      { sort: { _id: 1 }, limit, projection: excludeOutbox() },
    );
  }

  async isConfirmed(id: string): Promise<boolean> {
    return (await this.subscribers.countDocuments({ _id: id, status: 'confirmed' })) === 1;
  }

  async counts(): Promise<Record<SubscriberRecord['status'], number>> {
    const rows = await this.subscribers.aggregate<{ _id: SubscriberRecord['status']; n: number }>([
      { $group: { _id: '$status', n: { $sum: 1 } } },
    ]);
    const counts = { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 };
    for (const row of rows) counts[row._id] = row.n;
    return counts;
  }
}
