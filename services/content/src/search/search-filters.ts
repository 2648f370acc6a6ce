import type {
  ArchiveCategory,
  ArchiveSort,
  ArchiveTimeframe,
  SearchPeriod,
  SearchSort,
} from '@pulse/contracts';
import type { SearchFilters, SearchQuery, SortSpec } from '@pulse/platform';
import { startOfSeoulDay } from '../articles/article-queries';

/**
 * The archive's and the search page's filters and sorts, built only from values their zod schemas have
 * already validated: the search port's structured filters, and the periods, tag slugs and sorts the
 * articles repository builds its store filters from.
 */

const DAY_MS = 86_400_000;
const PERIOD_DAYS = { week: 7, month: 30, year: 365 } as const;

/** Epoch ms a period starts at ('today' is since 00:00 in Seoul), or undefined for 'all'. */
export function periodStart(period: ArchiveTimeframe | SearchPeriod, now: number): number | undefined {
  if (period === 'all') return undefined;
  if (period === 'today') return Date.parse(startOfSeoulDay(now));
  return now - PERIOD_DAYS[period] * DAY_MS;
}

/**
 * The archive offers NFT and Web3 beside the article categories (docs/spec-content.md §5); they are not categories,
 * so they match tags. Chosen: these slugs (tagSlug of the usual spellings) count as each.
 */
export const ARCHIVE_TAG_SLUGS = {
  nft: ['nft', 'nfts', '대체불가토큰', '대체-불가능-토큰'],
  web3: ['web3', 'web-3', '웹3'],
} as const;

/** The archive category as a search-port filter. */
export function archiveIndexFilter(category: ArchiveCategory): SearchFilters {
  if (category === 'all') return {};
  if (category === 'nft' || category === 'web3') return { tagSlugs: ARCHIVE_TAG_SLUGS[category] };
  return { categories: category };
}

/** Index sorts: the field first, then the newest, then relevance (the port breaks remaining ties by it). */
export const INDEX_SORTS: Record<SearchSort, SearchQuery['sort']> = {
  relevance: 'relevance',
  latest: [{ field: 'publishedAt', order: 'desc' }],
  popular: [
    { field: 'likesCount', order: 'desc' },
    { field: 'publishedAt', order: 'desc' },
  ],
  views: [
    { field: 'views', order: 'desc' },
    { field: 'publishedAt', order: 'desc' },
  ],
};

/** Store sorts for the archive without a text query (the store appends _id as the last tie-break). */
export const STORE_SORTS: Record<ArchiveSort, SortSpec> = {
  latest: { publishedAt: -1 },
  popular: { likesCount: -1, publishedAt: -1 },
  views: { views: -1, publishedAt: -1 },
};
