import { Injectable } from '@nestjs/common';
import type { TagCount } from '@pulse/contracts';
import { ArticlesRepository, PUBLISHED } from '../articles/articles.repository';

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
  constructor(private readonly articles: ArticlesRepository) {}

  /**
   * Published articles per source id. An article lists each clustered source; one source appearing twice
   * in a story (two of its items merged) still counts the article once.
   */
  async bySource(): Promise<Map<string, number>> {
    const rows = await this.articles.aggregate<{ _id: string; count: number }>([
      { $match: PUBLISHED },
      { $unwind: '$originalSources' },
      { $group: { _id: { source: '$originalSources.sourceId', article: '$_id' } } },
      { $group: { _id: '$_id.source', count: { $sum: 1 } } },
    ]);
    return new Map(rows.map((row) => [row._id, row.count]));
  }

  /** Tags by the number of published articles carrying them, most first; `limit` undefined for all. */
  async tags(limit?: number): Promise<TagCount[]> {
    const rows = await this.articles.aggregate<{ _id: string; name: string; count: number }>([
      { $match: PUBLISHED },
      { $unwind: '$tags' },
      // Grouped by slug, the tag's identity; tags are de-duplicated by slug within an article on write.
      { $group: { _id: '$tags.slug', name: { $first: '$tags.name' }, count: { $sum: 1 } } },
      { $sort: { count: -1, _id: 1 } },
      ...(limit === undefined ? [] : [{ $limit: limit }]),
    ]);
    return rows.map((row) => ({ name: row.name, count: row.count }));
  }

  /** All published articles, and those published since 00:00 today in Seoul. */
  async totals(now: number): Promise<{ total: number; today: number }> {
    const [total, today] = await Promise.all([
      this.articles.count(PUBLISHED),
      this.articles.count({ ...PUBLISHED, publishedAt: { $gte: startOfSeoulDay(now) } }),
    ]);
    return { total, today };
  }
}
