import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';
import type { SubscriptionDocument } from './subscription.record';

/** Storage of WebSub subscriptions; the rules are websub-subscriptions.service.ts's. */
@Injectable()
export class SubscriptionRepository {
  private readonly subscriptions: Collection<SubscriptionDocument>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.subscriptions = store.collection<SubscriptionDocument>('websub_subscriptions', {
      indexes: [
        // A source's subscription (one at a time).
        { key: { sourceId: 1 } },
        // Renewal and lapse: active subscriptions by lease end.
        { key: { state: 1, expiresAt: 1 } },
      ],
    });
  }

  insert(subscription: SubscriptionDocument): Promise<void> {
    return this.subscriptions.insertOne(subscription);
  }

  findById(id: string): Promise<SubscriptionDocument | null> {
    return this.subscriptions.findOne({ _id: id });
  }

  /** The source's latest subscription, whatever its state. */
  async latestOf(sourceId: string): Promise<SubscriptionDocument | null> {
    const [latest] = await this.subscriptions.find({ sourceId }, { sort: { requestedAt: -1 }, limit: 1 });
    return latest ?? null;
  }

  /** Active subscriptions whose lease ends by `untilIso`. */
  activeEndingBy(untilIso: string): Promise<SubscriptionDocument[]> {
    return this.subscriptions.find({ state: 'active', expiresAt: { $lte: untilIso } });
  }

  async update(id: string, set: Partial<SubscriptionDocument>): Promise<void> {
    await this.subscriptions.updateOne({ _id: id }, { $set: set });
  }

  /** The source's requested and active subscriptions (normally one). */
  wantedOf(sourceId: string): Promise<SubscriptionDocument[]> {
    return this.subscriptions.find({ sourceId, state: { $in: ['requested', 'active'] } });
  }

  /** Retires the source's requested and active subscriptions: a new one replaces them. */
  async supersede(sourceId: string): Promise<void> {
    await this.subscriptions.updateMany(
      { sourceId, state: { $in: ['requested', 'active'] } },
      { $set: { state: 'superseded' } },
    );
  }
}
