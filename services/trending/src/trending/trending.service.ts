import { Inject, Injectable } from '@nestjs/common';
import {
  type HotTopicsQuery,
  type PopularQuery,
  type RisingQuery,
  type TrendingListResponse,
  type TrendingPeriod,
  type TrendingStatsQuery,
  type TrendingStatsResponse,
} from '@pulse/contracts';
import { ListReadCache } from './list-read-cache';
import { toListItem } from './to-list-item';
import { TrendingArticlesRepository } from './trending-articles.repository';
import { CLOCK, type Clock } from '@pulse/platform';

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<TrendingPeriod, number> = { day: 1, week: 7, month: 30 };
/** Seoul has no daylight saving: its dates are UTC+9. */
const SEOUL_OFFSET_MS = 9 * 3_600_000;
const seoulDate = (ms: number) => new Date(ms + SEOUL_OFFSET_MS).toISOString().slice(0, 10);

/** The trending reads, on queries the controller parsed with the contracts' schemas. */
@Injectable()
export class TrendingService {
  constructor(
    private readonly articles: TrendingArticlesRepository,
    private readonly lists: ListReadCache,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Highest hotScore first, among articles with any score; isHotTopic says which earn the badge. */
  async hotTopics({ limit, type }: HotTopicsQuery): Promise<TrendingListResponse> {
    return this.lists.read(`hot:${limit}:${type ?? ''}`, async () => {
      const rows = await this.articles.hottest(limit, type);
      return { articles: rows.map(toListItem) };
    });
  }

  /** Articles published within the period, most viewed first, then most liked. */
  async popular({ period, limit, type }: PopularQuery): Promise<TrendingListResponse> {
    return this.lists.read(`popular:${period}:${limit}:${type ?? ''}`, async () => {
      const rows = await this.articles.mostViewedSince(this.since(period), limit, type);
      return { articles: rows.map(toListItem) };
    });
  }

  /** Articles meeting the rising rule at the last recompute, most views in the last 30 minutes first. */
  async rising({ limit }: RisingQuery): Promise<TrendingListResponse> {
    return this.lists.read(`rising:${limit}`, async () => {
      const rows = await this.articles.rising(limit);
      return { articles: rows.map(toListItem) };
    });
  }

  /** Over the articles published within the period; one dailyTrends entry per Seoul day, oldest first. */
  async stats({ period }: TrendingStatsQuery): Promise<TrendingStatsResponse> {
    return this.lists.read(`stats:${period}`, () => this.readStats(period));
  }

  private async readStats(period: TrendingPeriod): Promise<TrendingStatsResponse> {
    const now = this.clock.now();
    const rows = await this.articles.publishedSince(this.since(period));
    const totalViews = rows.reduce((sum, row) => sum + row.views, 0);
    const scoreSum = rows.reduce((sum, row) => sum + row.hotScore, 0);
    const perDay = new Map<string, number>();
    for (let day = PERIOD_DAYS[period] - 1; day >= 0; day -= 1) perDay.set(seoulDate(now - day * DAY_MS), 0);
    for (const row of rows) {
      const date = seoulDate(Date.parse(row.publishedAt!));
      if (perDay.has(date)) perDay.set(date, perDay.get(date)! + 1);
    }
    return {
      totalStats: {
        totalArticles: rows.length,
        totalViews,
        avgHotScore: rows.length === 0 ? 0 : Math.round((scoreSum / rows.length) * 100) / 100,
      },
      hotTopicStats: { hotTopicCount: rows.filter((row) => row.isHotTopic).length },
      dailyTrends: [...perDay].map(([date, articles]) => ({ date, articles })),
    };
  }

  private since(period: TrendingPeriod): string {
    return new Date(this.clock.now() - PERIOD_DAYS[period] * DAY_MS).toISOString();
  }
}
