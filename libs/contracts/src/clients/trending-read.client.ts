import { z } from 'zod';
import { CATEGORY_SLUGS, CONTENT_TYPES } from '../api/taxonomy';
import type { TrendingPeriod } from '../api/trending';
import { ENDPOINTS } from '../api/endpoints';

/**
 * The trending service's read API for another service (docs/design.md §1: a service calls another's read API
 * only where an event cannot serve, and then through a client here). The newsletter builds digests from
 * it: the period's most read and the hottest articles. Only the fields a caller relies on are checked;
 * an answer that breaks them is an error, never silently an empty list.
 */
const trendingItemSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(CONTENT_TYPES),
  title: z.string().min(1).max(500),
  summary: z.string().max(2000),
  imageUrl: z.string().max(2000).nullable(),
  publishedAt: z.string(),
  primaryCategory: z.enum(CATEGORY_SLUGS),
  views: z.number(),
  hotScore: z.number(),
});
/**
 * Trending also ranks tech analyses (`kind: 'tech-analysis'`, no category); callers here build digests of
 * articles by category, so the client leaves analyses out and checks only the articles.
 */
const isListedAnalysis = (item: unknown): boolean =>
  typeof item === 'object' && item !== null && (item as { kind?: unknown }).kind === 'tech-analysis';
const trendingListSchema = z.object({
  articles: z
    .array(z.unknown())
    .transform((items) => items.filter((item) => !isListedAnalysis(item)))
    .pipe(z.array(trendingItemSchema)),
});
export type TrendingReadItem = z.output<typeof trendingItemSchema>;

export class TrendingReadError extends Error {}

export class TrendingReadClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 10_000,
  ) {}

  /** GET /api/trending/popular: the period's most read. */
  popular(period: TrendingPeriod, limit: number): Promise<TrendingReadItem[]> {
    return this.list(`${ENDPOINTS.popular.path}?period=${period}&limit=${limit}`);
  }

  /** GET /api/trending/hot-topics: the hottest now. */
  hotTopics(limit: number): Promise<TrendingReadItem[]> {
    return this.list(`${ENDPOINTS.hotTopics.path}?limit=${limit}`);
  }

  private async list(path: string): Promise<TrendingReadItem[]> {
    let response: Response;
    try {
      response = await fetch(this.baseUrl + path, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new TrendingReadError(`trending ${path}: ${(error as Error).message}`, { cause: error });
    }
    if (!response.ok) throw new TrendingReadError(`trending ${path}: HTTP ${response.status}`);
    const parsed = trendingListSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success)
      throw new TrendingReadError(
        `trending ${path}: unexpected body (${parsed.error.issues[0]?.path.join('.')})`,
      );
    return parsed.data.articles;
  }
}
