import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type DocumentStore } from '@pulse/platform';
import { PendingMarkersRepository } from './pending-markers.repository';
import type { PendingMarker, PendingOp } from './pending-op';

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
export class LikeMarkersRepository extends PendingMarkersRepository<LikeMarker> {
  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    super('article_likes', store);
  }

  /** true when the reader did not like the article and nothing was pending; the marker then holds `op`. */
  claimLike(id: string, articleId: string, session: string, op: PendingOp): Promise<boolean> {
    return this.claimByUpsert({ _id: id, liked: false, op: null }, { articleId, session, liked: true, op });
  }

  /** true when the reader liked the article and nothing was pending; the marker then holds `op`. */
  async claimUnlike(id: string, op: PendingOp): Promise<boolean> {
    const { matched } = await this.markers.updateOne(
      { _id: id, liked: true, op: null },
      { $set: { liked: false, op } },
    );
    return matched === 1;
  }

  /** A settled unlike deletes the marker, so the collection holds only current likes. */
  override async settle(markerId: string, op: PendingOp): Promise<boolean> {
    if (op.kind !== 'unlike') return super.settle(markerId, op);
    return (await this.markers.deleteOne({ _id: markerId, 'op.id': op.id })).deleted === 1;
  }
}
