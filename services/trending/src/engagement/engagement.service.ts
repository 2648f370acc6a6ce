import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { ArticleEngagedPayload, ArticlePublishedPayload } from '@pulse/contracts';
import { MINUTE_MS, WINDOW_MINUTES } from '../scoring';
import { TRENDING_CLOCK, type TrendingClock } from '../trending.config';
import { ScoresService } from '../trending/scores.service';
import { TrendingArticlesRepository, type Counters } from '../trending/trending-articles.repository';
import { EngagementWindows } from './engagement-windows';
import { EngagementRepository } from './engagement.repository';

/** Platforms that are social networks; copy-link and the native share sheet are shares but not SNS. */
const SNS_PLATFORMS = new Set(['facebook', 'twitter', 'telegram', 'linkedin']);

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
    @Inject(TRENDING_CLOCK) private readonly clock: TrendingClock,
  ) {}

  /**
   * An in-memory cache starts empty: rebuild the last hour's windows from the stored view markers
   * before the bus delivers anything (handlers subscribe after bootstrap). Redis keeps the marker key,
   * so a restart there rebuilds nothing.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (await this.windows.isReady()) return;
    const since = new Date(this.clock.now() - (WINDOW_MINUTES + 1) * MINUTE_MS).toISOString();
    for (const view of await this.engagements.viewsSince(since)) {
      await this.windows.addView(view.articleId, Date.parse(view.at));
    }
    await this.windows.markReady();
    await this.scores.recompute();
  }

  async onPublished(article: ArticlePublishedPayload): Promise<void> {
    await this.articles.upsertPublished(article, new Date(this.clock.now()).toISOString());
    this.scores.requestRecompute();
  }

  async onEngaged(event: ArticleEngagedPayload): Promise<void> {
    if (!(await this.engagements.markApplied(event))) return;
    const at = event.occurredAt;
    if (event.kind === 'unlike') await this.articles.decrementLikes(event.articleId, at);
    else await this.articles.increment(event.articleId, this.counters(event), at);
    if (event.kind === 'view') await this.windows.addView(event.articleId, Date.parse(at));
    this.scores.requestRecompute();
  }

  private counters(event: ArticleEngagedPayload): Counters {
    if (event.kind === 'view') return { views: 1 };
    if (event.kind === 'like') return { likes: 1 };
    if (event.kind === 'share')
      return { shares: 1, ...(SNS_PLATFORMS.has(event.platform) ? { snsShares: 1 } : {}) };
    return {};
  }
}
