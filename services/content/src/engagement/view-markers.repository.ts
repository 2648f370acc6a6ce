import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';
import type { MarkerStore, PendingMarker, PendingOp } from './pending-op';

export interface ViewMarker extends PendingMarker {
  /** When this reader's last counted view of the article happened. */
  countedAt: string;
}

/**
 * One document per reader and article (collection 'article_views'): the unique `_id` makes "counted
 * once per window" hold across concurrent requests, replicas and restarts. A sliding window rather than
 * fixed buckets, so a view at 23:59 and another at 00:01 are one view.
 */
@Injectable()
export class ViewMarkersRepository implements MarkerStore {
  readonly name = 'article_views';
  private readonly markers: Collection<ViewMarker>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.markers = store.collection<ViewMarker>(this.name, {
      // The recovery sweep, the applier's pending check and the purge of expired markers.
      indexes: [{ key: { 'op.leaseAt': 1 } }, { key: { 'op.id': 1 } }, { key: { countedAt: 1 } }],
    });
  }

  /**
   * Claims a counted view: true when the reader's last counted view of the article is older than
   * `windowStart` (or there is none) and nothing is pending; the marker then holds `op`. A concurrent
   * claim loses on the unique `_id` (the upsert collides), so one of them counts.
   */
  async claim(id: string, articleId: string, session: string, windowStart: string, op: PendingOp) {
    try {
      await this.markers.updateOne(
        { _id: id, op: null, countedAt: { $lt: windowStart } },
        { $set: { articleId, session, countedAt: op.at, op } },
        { upsert: true },
      );
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  findById(id: string): Promise<ViewMarker | null> {
    return this.markers.findOne({ _id: id });
  }

  async settle(markerId: string, op: PendingOp): Promise<boolean> {
    const { matched } = await this.markers.updateOne(
      { _id: markerId, 'op.id': op.id },
      { $set: { op: null } },
    );
    return matched === 1;
  }

  async takeOver(markerId: string, opId: string, staleBefore: string, now: string): Promise<boolean> {
    const { matched } = await this.markers.updateOne(
      { _id: markerId, 'op.id': opId, 'op.leaseAt': { $lte: staleBefore } },
      { $set: { 'op.leaseAt': now } },
    );
    return matched === 1;
  }

  stalePending(staleBefore: string, limit: number) {
    return this.markers.find<ViewMarker & { op: PendingOp }>(
      { 'op.leaseAt': { $lte: staleBefore } },
      { sort: { 'op.leaseAt': 1 }, limit },
    );
  }

  async isPending(opId: string): Promise<boolean> {
    return (await this.markers.countDocuments({ 'op.id': opId })) > 0;
  }

  /** Markers whose window is over are worth nothing: a later view counts either way. */
  async purgeBefore(windowStart: string): Promise<number> {
    const { deleted } = await this.markers.deleteMany({ op: null, countedAt: { $lt: windowStart } });
    return deleted;
  }
}
