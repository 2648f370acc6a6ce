import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { ArticleScore } from '@pulse/contracts';
import { LOGGER, CLOCK, LEASES, type Clock, type Leases } from '@pulse/platform';
import type { Logger } from 'pino';
import { EngagementWindows } from '../engagement/engagement-windows';
import { EngagementRepository } from '../engagement/engagement.repository';
import {
  countedTotals,
  hotScore,
  isHotTopic,
  isRisingArticle,
  viewWindow,
  type ViewWindow,
} from '../scoring';
import { TRENDING_CONFIG, type TrendingConfig } from '../trending.config';
import { ListReadCache } from './list-read-cache';
import { ScoreBatchesRepository } from './score-batches.repository';
import { TrendingPurges } from './trending-purges';
import type { ArticleScores } from './trending-articles.repository';
import { TrendingArticlesRepository } from './trending-articles.repository';

const DAY_MS = 86_400_000;
/** Articles older than the longest period (month) are not rescored: their score has decayed to ~0. */
const SCORED_AGE_MS = 30 * DAY_MS;
/** Apply-once markers are kept this long: a replay of older events would count again. */
const MARKER_RETENTION_MS = 35 * DAY_MS;
const NO_VIEWS: ViewWindow = { viewsPerHour: 0, recentViews: 0 };
/** Lease key of the periodic recompute: held through a pass and until the next one is due. */
export const RECOMPUTE_LEASE = 'trending.recompute';

/**
 * Recomputes hotScore, viewsPerHour, HOT and rising for every article of the last 30 days: every
 * TRENDING_RECOMPUTE_SECONDS, and TRENDING_RECOMPUTE_DEBOUNCE_MS after a burst of engagement ends.
 * The periodic pass is one per period across replicas: each replica looks at least every look-again
 * interval (SCHEDULE_TAKEOVER_SECONDS − SCHEDULE_LEASE_SECONDS) and runs it only when it gets the
 * RECOMPUTE_LEASE, which the pass keeps until a period after it started. The pass after engagement is
 * the consuming replica's own: only it knows its batch changed the counters (partitions give each batch
 * to one replica).
 * Changed scores go to content as trending.scores-updated; a pass that saved any, or followed a change of
 * counters, ends with one purge of the trending answers for the gateway (TrendingPurges).
 */
@Injectable()
export class ScoresService implements OnApplicationBootstrap, OnModuleDestroy {
  private interval?: NodeJS.Timeout;
  private debounce?: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  /** Counters changed (engagement, a published article) since the last pass began: its purge is due. */
  private changedSincePass = false;

  constructor(
    private readonly articles: TrendingArticlesRepository,
    private readonly engagements: EngagementRepository,
    private readonly windows: EngagementWindows,
    private readonly batches: ScoreBatchesRepository,
    private readonly lists: ListReadCache,
    private readonly purges: TrendingPurges,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TRENDING_CONFIG) private readonly config: TrendingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(LEASES) private readonly leases: Leases,
  ) {}

  onApplicationBootstrap(): void {
    const periodMs = this.config.TRENDING_RECOMPUTE_SECONDS * 1000;
    const every = Math.min(periodMs, this.leases.timing.lookAgainMs);
    // The first look a period after start, as before replicas shared it; then every look-again interval.
    this.interval = setTimeout(() => {
      if (this.closed) return;
      void this.periodicRecompute();
      this.interval = setInterval(() => void this.periodicRecompute(), every);
      this.interval.unref();
    }, periodMs);
    this.interval.unref();
  }

  /** The period's pass, unless another replica (or this one) made it less than a period ago. */
  async periodicRecompute(): Promise<void> {
    if (this.closed) return;
    const startedAt = this.clock.now();
    const periodMs = this.config.TRENDING_RECOMPUTE_SECONDS * 1000;
    try {
      await this.leases.run(RECOMPUTE_LEASE, () => this.recompute(), {
        holdUntil: () => startedAt + periodMs,
      });
    } catch (error) {
      this.logger.error({ err: error }, 'trending recompute lease unavailable; trying at the next look');
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearInterval(this.interval);
    clearTimeout(this.debounce);
    await this.running;
  }

  /** Engagement arrived: recompute once it has been quiet for the debounce delay. */
  requestRecompute(): void {
    if (this.closed) return;
    this.changedSincePass = true;
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.recompute(), this.config.TRENDING_RECOMPUTE_DEBOUNCE_MS);
    this.debounce.unref();
  }

  /** One pass at a time; a request during a pass runs one more pass after it. */
  async recompute(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.pass();
        } catch (error) {
          // Whatever it saved before failing is still to be purged: by the next pass.
          this.changedSincePass = true;
          this.logger.error({ err: error }, 'trending recompute failed');
        }
      } while (this.again && !this.closed);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    const countersChanged = this.changedSincePass;
    this.changedSincePass = false;
    const now = this.clock.now();
    const computedAt = new Date(now).toISOString();
    const recent = await this.articles.publishedSince(new Date(now - SCORED_AGE_MS).toISOString());
    const active = new Set(await this.windows.activeArticles(now));
    const changed: ArticleScore[] = [];
    const updates: Array<[string, ArticleScores]> = [];
    for (const article of recent) {
      const publishedAtMs = Date.parse(article.publishedAt!);
      const window = active.has(article._id)
        ? viewWindow(await this.windows.buckets(article._id, now), now)
        : NO_VIEWS;
      // The filtered figures (docs/abuse/engagement.md): a burst from one network or from brand-new
      // sessions moves the score by little.
      const score = hotScore(countedTotals(article), publishedAtMs, now);
      const next: ArticleScores = {
        hotScore: score,
        viewsPerHour: window.viewsPerHour,
        isHotTopic: isHotTopic(score),
        rising: isRisingArticle(window, publishedAtMs, now),
        recentViews: window.recentViews,
      };
      if (
        next.hotScore !== article.hotScore ||
        next.viewsPerHour !== article.viewsPerHour ||
        next.isHotTopic !== article.isHotTopic
      ) {
        changed.push({
          articleId: article._id,
          hotScore: next.hotScore,
          viewsPerHour: next.viewsPerHour,
          isHotTopic: next.isHotTopic,
        });
      }
      if (
        changed.at(-1)?.articleId === article._id ||
        next.rising !== article.rising ||
        next.recentViews !== article.recentViews
      ) {
        updates.push([article._id, next]);
      }
    }
    // The event first: a crash before the scores are saved only re-sends them next pass.
    await this.batches.record(computedAt, changed);
    for (const [id, scores] of updates) {
      // Each save, not the pass: a list read while the pass runs is not kept past the next save.
      await this.articles.saveScores(id, scores).finally(() => this.lists.invalidate());
    }
    // One purge for the gateway per pass, after every save: engagement at thousands of events a second
    // costs one purge per pass, not one per event or batch (services/trending/README.md 'Reads').
    if (updates.length > 0 || countersChanged) await this.purges.recomputed();
    await this.engagements.purgeBefore(new Date(now - MARKER_RETENTION_MS).toISOString());
    await this.batches.purgeBefore(new Date(now - DAY_MS).toISOString());
  }
}
