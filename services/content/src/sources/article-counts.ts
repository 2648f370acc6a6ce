import { Injectable } from '@nestjs/common';
import type { TagCount } from '@pulse/contracts';
import { ArticleStatsRepository } from './article-stats.repository';

const DAY_MS = 86_400_000;
/** Seoul is UTC+9 all year (no daylight saving). */
const SEOUL_OFFSET_MS = 9 * 3_600_000;

/** 00:00 in Seoul of the day `now` falls in, as an ISO string ('today' for Korean readers). */
export function startOfSeoulDay(now: number): string {
  const seoul = now + SEOUL_OFFSET_MS;
  return new Date(seoul - (seoul % DAY_MS) - SEOUL_OFFSET_MS).toISOString();
}

/**
 * Real counts over published articles for the sources page and the sidebar (docs/design.md §11.6 replaces the
 * seed's hard-coded figures). Aggregations run in the store; their callers cache the results.
 */
@Injectable()
export class ArticleCounts {
  constructor(private readonly stats: ArticleStatsRepository) {}

  /** Published articles per source id, an article counted once per source. */
  bySource(): Promise<Map<string, number>> {
    return this.stats.countBySource();
  }

  /** Tags by the number of published articles carrying them, most first; `limit` undefined for all. */
  async tags(limit?: number): Promise<TagCount[]> {
    const rows = await this.stats.countByTag(limit);
    return rows.map((row) => ({ name: row.name, count: row.count }));
  }

  /** All published articles, and those published since 00:00 today in Seoul. */
  async totals(now: number): Promise<{ total: number; today: number }> {
    const [total, today] = await Promise.all([
      this.stats.countPublished(),
      this.stats.countPublished(startOfSeoulDay(now)),
    ]);
    return { total, today };
  }
}
