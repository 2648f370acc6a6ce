import { z } from 'zod';
import { MAX_LIST_LIMIT, PAGE_SIZES } from './constants';
import { boolParam, intParam, oneOf, optionalTextParam, strictParams } from './params';

/**
 * Query parameters of the content service's lists (docs/spec-content.md §5, §7). Strict: the seed fixes the parameters,
 * and a misspelt one should be a 400 that names it rather than a silently ignored filter.
 */

const MAX_QUERY_TEXT = 200;

/**
 * How deep the lists page: about 10,000 items at their 6 to 12 per page. Every distinct value is its own
 * cache entry and store read, and a deep skip makes the store sort that many rows first; a reader never
 * pages this far (older articles are found through search, the archive's timeframes and the sitemap).
 */
export const MAX_LIST_OFFSET = 10_000;
export const MAX_LIST_PAGE = 1_000;

const page = intParam('page', { min: 1, max: MAX_LIST_PAGE }).default(1);
const offset = intParam('offset', { min: 0, max: MAX_LIST_OFFSET }).default(0);

/** GET /api/content/news: limit=12, offset=page*12, hot=true on the hot tab. */
export const newsListQuerySchema = strictParams({
  limit: intParam('limit', { min: 1, max: MAX_LIST_LIMIT }).default(PAGE_SIZES.news),
  offset,
  hot: boolParam('hot').default(false),
});
export type NewsListQuery = z.output<typeof newsListQuerySchema>;

/** GET /api/content/insights: limit=6, offset=page*6. */
export const insightsListQuerySchema = strictParams({
  limit: intParam('limit', { min: 1, max: MAX_LIST_LIMIT }).default(PAGE_SIZES.insights),
  offset,
});
export type InsightsListQuery = z.output<typeof insightsListQuerySchema>;

/** docs/spec-content.md §5: category sort and filter values. */
export const CATEGORY_SORTS = ['latest', 'popular', 'views', 'oldest'] as const;
export const CATEGORY_FILTERS = ['all', 'today', 'week', 'month', 'with-image'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];

/** GET /api/articles/category/{slug}: page, sort, filter. The slug is read with resolveCategorySlug. */
export const categoryPageQuerySchema = strictParams({
  page,
  sort: oneOf('sort', CATEGORY_SORTS).default('latest'),
  filter: oneOf('filter', CATEGORY_FILTERS).default('all'),
});
export type CategoryPageQuery = z.output<typeof categoryPageQuerySchema>;

/**
 * docs/spec-content.md §5: archive categories 'all, generative AI, blockchain, NFT, Web3'. nft and web3 are not article
 * categories; the content service matches them against tags.
 */
export const ARCHIVE_CATEGORIES = ['all', 'gen-ai', 'blockchain', 'nft', 'web3'] as const;
export const ARCHIVE_SORTS = ['latest', 'popular', 'views'] as const;
/** week is 7 days, month 30 days (docs/spec-content.md §5). */
export const ARCHIVE_TIMEFRAMES = ['all', 'today', 'week', 'month', 'year'] as const;
export type ArchiveCategory = (typeof ARCHIVE_CATEGORIES)[number];
export type ArchiveSort = (typeof ARCHIVE_SORTS)[number];
export type ArchiveTimeframe = (typeof ARCHIVE_TIMEFRAMES)[number];

/** GET /api/articles/archive: page, category, sort, timeframe, q (docs/spec-content.md §2 'Archive', §7). */
export const archiveQuerySchema = strictParams({
  page,
  category: oneOf('category', ARCHIVE_CATEGORIES).default('all'),
  sort: oneOf('sort', ARCHIVE_SORTS).default('latest'),
  timeframe: oneOf('timeframe', ARCHIVE_TIMEFRAMES).default('all'),
  q: optionalTextParam('q', MAX_QUERY_TEXT),
});
export type ArchiveQuery = z.output<typeof archiveQuerySchema>;

/**
 * GET /api/articles/search: q and page (docs/spec-content.md §7). The search page also opens as /search?tag={name}
 * (docs/spec-content.md §2), so tag is accepted in place of q; one of the two is required.
 */
export const searchQuerySchema = strictParams({
  q: optionalTextParam('q', MAX_QUERY_TEXT),
  tag: optionalTextParam('tag', 100),
  // Open-ended as in searchPageQuerySchema: the search service answers a page past the hits without reading it.
  page: intParam('page', { min: 1 }).default(1),
}).superRefine((query, ctx) => {
  if (query.q === undefined && query.tag === undefined) {
    ctx.addIssue({ code: 'custom', path: ['q'], message: `q must be 1 to ${MAX_QUERY_TEXT} characters` });
  }
});
export type SearchQuery = z.output<typeof searchQuerySchema>;
