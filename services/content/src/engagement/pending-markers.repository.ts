import {
  DuplicateKeyError,
  type Collection,
  type DocumentStore,
  type Filter,
  type IndexSpec,
} from '@pulse/platform';
import type { MarkerStore, PendingMarker, PendingOp } from './pending-op';

/**
 * What the view and like marker collections share: the pending-op half of the applier's protocol
 * (engagement-applier.ts) and the claim by upsert, where the unique `_id` makes a concurrent claim lose.
 */
export abstract class PendingMarkersRepository<M extends PendingMarker> implements MarkerStore {
  protected readonly markers: Collection<M>;

  protected constructor(
    readonly name: string,
    store: DocumentStore,
    extraIndexes: IndexSpec[] = [],
  ) {
    this.markers = store.collection<M>(name, {
      // The recovery sweep and the applier's pending check.
      indexes: [{ key: { 'op.leaseAt': 1 } }, { key: { 'op.id': 1 } }, ...extraIndexes],
    });
  }

  /** true when `filter` matched or no marker existed; false when a marker exists and does not match. */
  protected async claimByUpsert(filter: Filter, set: Record<string, unknown>): Promise<boolean> {
    try {
      await this.markers.updateOne(filter, { $set: set }, { upsert: true });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  findById(id: string): Promise<M | null> {
    return this.markers.findOne({ _id: id });
  }

  async settle(markerId: string, op: PendingOp): Promise<boolean> {
    const filter = { _id: markerId, 'op.id': op.id };
    return (await this.markers.updateOne(filter, { $set: { op: null } })).matched === 1;
  }

  async takeOver(markerId: string, opId: string, staleBefore: string, now: string): Promise<boolean> {
    const { matched } = await this.markers.updateOne(
      { _id: markerId, 'op.id': opId, 'op.leaseAt': { $lte: staleBefore } },
      { $set: { 'op.leaseAt': now } },
    );
    return matched === 1;
  }

  stalePending(staleBefore: string, limit: number) {
    return this.markers.find<M & { op: PendingOp }>(
      { 'op.leaseAt': { $lte: staleBefore } },
      { sort: { 'op.leaseAt': 1 }, limit },
    );
  }

  async isPending(opId: string): Promise<boolean> {
    return (await this.markers.countDocuments({ 'op.id': opId })) > 0;
  }
}
