import type { ArchiveCategory, ArchiveSort, ArchiveTimeframe } from '@pulse/contracts';
import { parsePage } from '../../components/page-window';

// libs/contracts ARCHIVE_CATEGORIES, ARCHIVE_SORTS, ARCHIVE_TIMEFRAMES (docs/spec-content.md §5); a spec keeps them
// equal. Not imported: their module builds zod schemas at load (see rspack.config.js).
export const ARCHIVE_CATEGORIES: readonly ArchiveCategory[] = ['all', 'gen-ai', 'blockchain', 'nft', 'web3'];
export const ARCHIVE_SORTS: readonly ArchiveSort[] = ['latest', 'popular', 'views'];
export const ARCHIVE_TIMEFRAMES: readonly ArchiveTimeframe[] = ['all', 'today', 'week', 'month', 'year'];

export interface ArchiveQuery {
  page: number;
  category: ArchiveCategory;
  sort: ArchiveSort;
  timeframe: ArchiveTimeframe;
  q: string;
}

export const DEFAULT_ARCHIVE_QUERY: ArchiveQuery = {
  page: 1,
  category: 'all',
  sort: 'latest',
  timeframe: 'all',
  q: '',
};

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** docs/spec-content.md §2 'Archive': the filters live in the URL query as category, sort, timeframe and q. */
export function readArchiveQuery(params: URLSearchParams): ArchiveQuery {
  return {
    page: parsePage(params.get('page')),
    category: oneOf(ARCHIVE_CATEGORIES, params.get('category'), 'all'),
    sort: oneOf(ARCHIVE_SORTS, params.get('sort'), 'latest'),
    timeframe: oneOf(ARCHIVE_TIMEFRAMES, params.get('timeframe'), 'all'),
    q: (params.get('q') ?? '').trim(),
  };
}

/** The URL query of a state, defaults left out. */
export function archiveSearch(query: ArchiveQuery): string {
  const params = new URLSearchParams();
  if (query.category !== 'all') params.set('category', query.category);
  if (query.sort !== 'latest') params.set('sort', query.sort);
  if (query.timeframe !== 'all') params.set('timeframe', query.timeframe);
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** GET /api/articles/archive?page&category&sort&timeframe&q (docs/spec-content.md §7); q only when given. */
export function archiveApiPath(query: ArchiveQuery): string {
  const params = new URLSearchParams({
    page: String(query.page),
    category: query.category,
    sort: query.sort,
    timeframe: query.timeframe,
  });
  if (query.q) params.set('q', query.q);
  return `/api/articles/archive?${params}`;
}
