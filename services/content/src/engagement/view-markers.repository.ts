import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type DocumentStore } from '@pulse/platform';
import { PendingMarkersRepository } from './pending-markers.repository';
import type { PendingMarker, PendingOp } from './pending-op';

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
export class ViewMarkersRepository extends PendingMarkersRepository<ViewMarker> {
  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    // countedAt: the purge of expired markers.
    super('article_views', store, [{ key: { countedAt: 1 } }]);
  }

  /**
   * Claims a counted view: true when the reader's last counted view of the article is older than
   * `windowStart` (or there is none) and nothing is pending; the marker then holds `op`. A concurrent
   * claim loses on the unique `_id` (the upsert collides), so one of them counts.
   */
  claim(id: string, articleId: string, session: string, windowStart: string, op: PendingOp) {
    return this.claimByUpsert(
      { _id: id, op: null, countedAt: { $lt: windowStart } },
      { articleId, session, countedAt: op.at, op },
    );
  }

  /** Markers whose window is over are worth nothing: a later view counts either way. */
  async purgeBefore(windowStart: string): Promise<number> {
    const { deleted } = await this.markers.deleteMany({ op: null, countedAt: { $lt: windowStart } });
    return deleted;
  }
}
