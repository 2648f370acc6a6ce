import { Inject, Injectable } from '@nestjs/common';
import { TOPICS } from '@pulse/contracts';
import { LOGGER, OUTBOX, OutboxWriter, CLOCK, type Clock } from '@pulse/platform';
import type { Logger } from 'pino';
import type { ArticleRecord } from '../articles/article.record';
import { ArticlesRepository } from '../articles/articles.repository';
import {
  LIVE_LIMIT_MS,
  RECOVER_AFTER_MS,
  type MarkedKind,
  type MarkerStore,
  type PendingMarker,
  type PendingOp,
  readerFieldsOf,
} from './pending-op';

/** The article as stored, with the ids of engagement ops in flight on it (never shown to readers). */
export type CountedArticle = ArticleRecord & { engagementOps?: string[] };

const COUNTERS: Record<MarkedKind, Record<string, number>> = {
  view: { views: 1 },
  like: { likesCount: 1 },
  unlike: { likesCount: -1 },
};

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Applies a reader's view, like or unlike to the article's counter exactly once.
 *
 * Why this protocol: the marker (the reader's own document) and the counter (on the article, so lists
 * sort by it) are two documents, and the store port has no transactions. A marker written first and a
 * plain $inc second double-count when the pair is retried after a crash between them; the other order
 * double-counts a redelivered request. So:
 *
 *   1. claim    the marker, atomically with the check (unique `_id`): it holds `op` (pending).
 *   2. apply    one write on the article: $inc, the article.engaged event (outbox) and
 *               `$push engagementOps: op.id`, only where `engagementOps` lacks op.id. A second attempt of
 *               the same op therefore matches nothing: the article itself records that it was applied.
 *   3. settle   the marker (`op: null`, or deleted for an unlike), only if op.id is still its op.
 *   4. release  `$pull engagementOps: op.id`, only after the settle, so the article forgets an op only
 *               once no marker can ask for it again. engagementOps thus holds in-flight ops only.
 *
 * A crash anywhere leaves the marker pending; a recoverer (the sweep, or a request meeting the marker)
 * takes the op over once its lease is RECOVER_AFTER_MS old (a conditional write, so one recoverer wins)
 * and runs 2–4 again: step 2's guard makes that a no-op when the first attempt got that far. A live
 * applier refuses to start step 2 once its lease is LIVE_LIMIT_MS old, so it never writes after a
 * recoverer could have taken over. The sweep also releases op ids whose marker settled before a crash.
 */
@Injectable()
export class EngagementApplier {
  constructor(
    private readonly articles: ArticlesRepository,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Steps 2–4 for a claimed op. Returns the article after the change (the current article when there
   * was nothing to change), or null when it is no longer published.
   */
  async apply(
    markers: MarkerStore,
    marker: PendingMarker & { op: PendingOp },
  ): Promise<CountedArticle | null> {
    const { op, articleId } = marker;
    if (this.clock.now() - Date.parse(op.leaseAt) > LIVE_LIMIT_MS) {
      this.logger.warn(
        { articleId, op: op.id, markers: markers.name },
        'engagement op lease expired; left to recovery',
      );
      return this.articles.findPublished(articleId);
    }
    const event = this.outbox.event(TOPICS.articleEngaged, {
      articleId,
      sessionKey: marker.session,
      occurredAt: op.at,
      kind: op.kind,
      ...readerFieldsOf(op),
    });
    // Never below 0: an unlike of a count already at 0 changes nothing and emits nothing.
    const changed = await this.articles.applyEngagementOp(articleId, op.id, COUNTERS[op.kind], [event]);
    // No match: already applied by an earlier attempt, nothing to decrement, or no longer published.
    const article = changed ?? (await this.articles.findPublished(articleId));
    await markers.settle(marker._id, op);
    if (changed || (article as CountedArticle | null)?.engagementOps?.includes(op.id)) {
      await this.articles.releaseEngagementOp(articleId, op.id);
    }
    return article;
  }

  /**
   * Finishes a pending op whose applier crashed or stalled: true when this call took it over and
   * applied it; false when it is still fresh (someone is applying it) or someone else took it.
   */
  async recover(markers: MarkerStore, marker: PendingMarker & { op: PendingOp }): Promise<boolean> {
    const now = this.clock.now();
    const taken = await markers.takeOver(marker._id, marker.op.id, iso(now - RECOVER_AFTER_MS), iso(now));
    if (!taken) return false;
    this.logger.info(
      { articleId: marker.articleId, op: marker.op.id, markers: markers.name },
      'recovering engagement op',
    );
    await this.apply(markers, { ...marker, op: { ...marker.op, leaseAt: iso(now) } });
    return true;
  }

  /**
   * How the article's count will read once a pending op is applied: a reader who just liked sees the
   * like even when another request of theirs is still applying it.
   */
  projectedLikes(article: CountedArticle, op: PendingOp | null): number {
    if (!op || op.kind === 'view' || article.engagementOps?.includes(op.id)) return article.likesCount;
    return Math.max(0, article.likesCount + COUNTERS[op.kind].likesCount);
  }
}
