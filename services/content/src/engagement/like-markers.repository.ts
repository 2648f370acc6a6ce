import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';
import type { MarkerStore, PendingMarker, PendingOp } from './pending-op';

export interface LikeMarker extends PendingMarker {
  /** The reader's like as of the last claim (a pending unlike already says false). */
  liked: boolean;
}

/**
 * A reader's like of an article (collection 'article_likes', one document per reader and article). The
 * unique `_id` is what makes 50 parallel likes from one reader count once. An unlike deletes the
 * document when it settles, so the collection holds only current likes and pending changes.
 */
@Injectable()
export class LikeMarkersRepository implements MarkerStore {
  readonly name = 'article_likes';
  private readonly markers: Collection<LikeMarker>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.markers = store.collection<LikeMarker>(this.name, {
      indexes: [{ key: { 'op.leaseAt': 1 } }, { key: { 'op.id': 1 } }],
    });
  }

  /** true when the reader did not like the article and nothing was pending; the marker then holds `op`. */
  async claimLike(id: string, articleId: string, session: string, op: PendingOp): Promise<boolean> {
    try {
      await this.markers.updateOne(
        { _id: id, liked: false, op: null },
        { $set: { articleId, session, liked: true, op } },
        { upsert: true },
      );
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** true when the reader liked the article and nothing was pending; the marker then holds `op`. */
  async claimUnlike(id: string, op: PendingOp): Promise<boolean> {
    const { matched } = await this.markers.updateOne(
      { _id: id, liked: true, op: null },
      { $set: { liked: false, op } },
    );
    return matched === 1;
  }

  findById(id: string): Promise<LikeMarker | null> {
    return this.markers.findOne({ _id: id });
  }

  async settle(markerId: string, op: PendingOp): Promise<boolean> {
    const filter = { _id: markerId, 'op.id': op.id };
    if (op.kind === 'unlike') return (await this.markers.deleteOne(filter)).deleted === 1;
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
    return this.markers.find<LikeMarker & { op: PendingOp }>(
      { 'op.leaseAt': { $lte: staleBefore } },
      { sort: { 'op.leaseAt': 1 }, limit },
    );
  }

  async isPending(opId: string): Promise<boolean> {
    return (await this.markers.countDocuments({ 'op.id': opId })) > 0;
  }
}
