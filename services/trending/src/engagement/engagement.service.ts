import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type {
  ArticleEngagedPayload,
  ArticlePublishedPayload,
  ArticleWithdrawnPayload,
  TechAnalysisPublishedPayload,
} from '@pulse/contracts';
import { MINUTE_MS, WINDOW_MINUTES } from '../scoring';
import { ListReadCache } from '../trending/list-read-cache';
import { ScoresService } from '../trending/scores.service';
import { TrendingArticlesRepository } from '../trending/trending-articles.repository';
import { EngagementFilter } from './engagement-filter';
import { EngagementWindows } from './engagement-windows';
import { EngagementRepository, engagementKey, likeKey } from './engagement.repository';
import { foldBatch, type ArticleFold } from './engagement-batch';
import { CLOCK, type Clock } from '@pulse/platform';

const HOUR_MS = 3_600_000;

/**
 * Turns article.published and article.engaged into durable totals (store) and view windows (cache).
 * Each engagement is applied once, by its natural key, however often it is delivered or re-sent.
 */
@Injectable()
export class EngagementService implements OnApplicationBootstrap {
  constructor(
    private readonly articles: TrendingArticlesRepository,
    private readonly engagements: EngagementRepository,
    private readonly windows: EngagementWindows,
    private readonly scores: ScoresService,
    private readonly lists: ListReadCache,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly filter: EngagementFilter,
  ) {}

  /**
   * An in-memory cache starts empty: rebuild the last hour's windows from the stored view markers
   * before the bus delivers anything (handlers subscribe after bootstrap). Redis keeps the marker key,
   * so a restart there rebuilds nothing.
   *
   * The views are weighed again, as the filter weighed them when applied: the filter's counters went with
   * the windows, so this also refills them. Weighing starts at the top of the filter's clock hour holding
   * the window's oldest minute, so each view has that hour's earlier views before it, as it had then.
   * Where only the windows went (the first start on a Redis that holds the older, unweighted windows),
   * the counters count those views twice: this hour's views weigh a little less, never more.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (await this.windows.isReady()) return;
    const windowStart = this.clock.now() - (WINDOW_MINUTES + 1) * MINUTE_MS;
    const since = new Date(Math.floor(windowStart / HOUR_MS) * HOUR_MS).toISOString();
    const views = await this.engagements.viewsSince(since);
    const weights = await this.filter.weigh(views.map((view) => ({ ...view, occurredAt: view.at })));
    await this.windows.addViews(
      views.map((view, index) => ({
        articleId: view.articleId,
        occurredAtMs: Date.parse(view.at),
        weight: weights[index],
      })),
    );
    await this.windows.markReady();
    await this.scores.recompute();
  }

  async onPublished(article: ArticlePublishedPayload): Promise<void> {
    await this.articles.upsertPublished(article, new Date(this.clock.now()).toISOString());
    this.lists.invalidate();
    this.scores.requestRecompute();
  }

  /** An article an editor took down: off every list until the same id is published again, later. */
  async onWithdrawn(withdrawal: ArticleWithdrawnPayload): Promise<void> {
    await this.articles.markWithdrawn(withdrawal.id, withdrawal.withdrawnAt);
    this.lists.invalidate();
    this.scores.requestRecompute();
  }

  /** A tech analysis to list beside the articles; its engagement arrives as article.engaged. */
  async onTechAnalysisPublished(analysis: TechAnalysisPublishedPayload): Promise<void> {
    await this.articles.upsertTechAnalysis(analysis, new Date(this.clock.now()).toISOString());
    this.lists.invalidate();
    this.scores.requestRecompute();
  }

  /**
   * A batch of engagements (one bus partition's, in order), applied exactly once per natural key in a
   * few round trips however large the batch (ARCHITECTURE.md 'Events and delivery', batches):
   *
   * 1. one bulk insert of the batch's markers, each naming this apply (a few more round trips when
   *    some were there already): the insert is the claim, so an engagement already applied changes
   *    nothing;
   * 2. markers of an apply that never finished (the process died mid-batch and the bus redelivers it):
   *    if the article's appliedBatches holds that apply, its counters went in and the marker is only
   *    released; otherwise this apply takes the marker over and applies it;
   * 3. the discounts of the batch's discounted likes remembered, and those its unlikes take back
   *    forgotten (like_discounts);
   * 4. one counter update per article, which records this apply in appliedBatches in the same write;
   * 5. the view windows in the cache, each view with its filter weight, all calls at once (pipelined on
   *    Redis);
   * 6. one insert recording the apply as finished.
   *
   * A crash anywhere therefore never counts twice nor drops a count. The windows of a view whose
   * counters went in before such a crash are not written again (they may miss it, never double it);
   * they are the last hour's approximation, rebuilt from the markers when the cache starts empty. A
   * crash between steps 3 and 4 leaves the redelivered unlikes nothing to take back: the article keeps
   * those likes' discounts and counts less, never more.
   */
  async onEngagedBatch(events: ArticleEngagedPayload[]): Promise<void> {
    const batch = randomUUID();
    const byKey = new Map<string, ArticleEngagedPayload>();
    for (const event of events) if (!byKey.has(engagementKey(event))) byKey.set(engagementKey(event), event);
    const { claimed, existing } = await this.engagements.claim([...byKey.values()], batch);
    for (const key of await this.takeOverUnfinished(existing, byKey, batch)) claimed.add(key);
    if (claimed.size === 0) return;

    // Partition order, which decides where likes and unlikes meet 0.
    const toApply = [...byKey].filter(([key]) => claimed.has(key)).map(([, event]) => event);
    // The rigging filter weighs only what this apply counts, so a replayed engagement is not weighed again.
    const weights = await this.filter.weigh(toApply);
    const likeDiscounts = await this.engagements.likeDiscountsOf(
      toApply.filter((event) => event.kind === 'unlike').map(likeKey),
    );
    const rememberedBefore = [...likeDiscounts.keys()];
    const folds = foldBatch(toApply, weights, likeDiscounts);
    await this.engagements.replaceLikeDiscounts(rememberedBefore, [...likeDiscounts.values()]);
    // Every update settles before a failure is passed on: the bus may retry the batch at once, and an
    // update still in flight then would not be seen in appliedBatches.
    try {
      await allSettledOrThrow([...folds].map(([articleId, fold]) => this.applyFold(articleId, fold, batch)));
    } finally {
      // Counters changed (some, when one update failed): the lists show them.
      this.lists.invalidate();
    }
    // Weighed as the hot score weighs them, so a burst the filter discounts earns no viewsPerHour,
    // rising place or badge either.
    await this.windows.addViews(
      toApply.flatMap((event, index) =>
        event.kind === 'view'
          ? [
              {
                articleId: event.articleId,
                occurredAtMs: Date.parse(event.occurredAt),
                weight: weights[index],
              },
            ]
          : [],
      ),
    );
    await this.engagements.finish(batch, new Date(this.clock.now()).toISOString());
    this.scores.requestRecompute();
  }

  /**
   * One article's share of a batch apply; a compare-and-set on likes when it has unlikes. An unlike takes
   * back its own like's discount (foldBatch), so a like-unlike loop from one network neither adds likes
   * nor leaves a discount behind on other readers' likes.
   */
  private async applyFold(articleId: string, fold: ArticleFold, batch: string): Promise<void> {
    if (!fold.hasUnlike) {
      await this.articles.applyBatch(articleId, { ...fold.counters, ...fold.discounts }, fold.lastAt, batch);
      return;
    }
    // A bus partition has one consumer and an article one partition, so a retry is rare.
    for (;;) {
      const state = (await this.articles.batchStateOf([articleId])).get(articleId);
      const likesWere = state?.likes ?? 0;
      const discountWere = state?.discountedLikes ?? 0;
      const likesAfter = fold.likesAfter(likesWere);
      // Within [0, likes]: a discount left from likes whose discount was never remembered (forgotten in a
      // crash, or from before likes remembered theirs) goes once no like is left to hold it.
      const discountAfter = Math.min(
        likesAfter,
        Math.max(0, discountWere + fold.discounts.discountedLikes - fold.likeDiscountTakenBack),
      );
      const by = {
        ...fold.counters,
        ...fold.discounts,
        likes: likesAfter - likesWere,
        discountedLikes: discountAfter - discountWere,
      };
      if (await this.articles.applyBatch(articleId, by, fold.lastAt, batch, state?.likes)) return;
    }
  }

  /**
   * Markers of this batch claimed by applies that never finished: those whose article took that
   * apply's counters are released; the others become this apply's. Returns the keys taken over.
   */
  private async takeOverUnfinished(
    markers: Array<{ _id: string; batch?: string }>,
    byKey: Map<string, ArticleEngagedPayload>,
    batch: string,
  ): Promise<string[]> {
    const claimedBefore = markers.filter((marker) => marker.batch !== undefined);
    const finished = await this.engagements.finished([...new Set(claimedBefore.map((m) => m.batch!))]);
    const unfinished = claimedBefore.filter((marker) => !finished.has(marker.batch!));
    if (unfinished.length === 0) return [];
    const articleIds = [...new Set(unfinished.map((marker) => byKey.get(marker._id)!.articleId))];
    const state = await this.articles.batchStateOf(articleIds);
    const applied = new Map<string, string[]>();
    const redo = new Map<string, string[]>();
    for (const marker of unfinished) {
      const appliedBatches = state.get(byKey.get(marker._id)!.articleId)?.appliedBatches ?? [];
      const into = appliedBatches.includes(marker.batch!) ? applied : redo;
      into.set(marker.batch!, [...(into.get(marker.batch!) ?? []), marker._id]);
    }
    for (const [dead, keys] of applied) await this.engagements.release(keys, dead);
    const takenOver: string[] = [];
    for (const [dead, keys] of redo) takenOver.push(...(await this.engagements.reclaim(keys, dead, batch)));
    return takenOver;
  }
}

/** Waits for every promise, then rejects with the first failure if any. */
async function allSettledOrThrow(work: Array<Promise<unknown>>): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
