import type { CategoryFilter, CategorySort } from '@pulse/contracts';
import { parsePage } from '../../components/page-window';

// libs/contracts CATEGORY_SORTS and CATEGORY_FILTERS (docs/spec-content.md §5); a spec keeps them equal. Not imported:
// their module builds zod schemas at load, which would put zod in this page's bundle.
export const CATEGORY_SORTS: readonly CategorySort[] = ['latest', 'popular', 'views', 'oldest'];
export const CATEGORY_FILTERS: readonly CategoryFilter[] = ['all', 'today', 'week', 'month', 'with-image'];

export interface CategoryQuery {
  page: number;
  sort: CategorySort;
  filter: CategoryFilter;
}

export const DEFAULT_CATEGORY_QUERY: CategoryQuery = { page: 1, sort: 'latest', filter: 'all' };

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** The page's state from its URL; an unknown value falls back to the default rather than failing. */
export function readCategoryQuery(params: URLSearchParams): CategoryQuery {
  return {
    page: parsePage(params.get('page')),
    sort: oneOf(CATEGORY_SORTS, params.get('sort'), 'latest'),
    filter: oneOf(CATEGORY_FILTERS, params.get('filter'), 'all'),
  };
}

/** The URL query for a state, leaving defaults out so the plain category URL stays canonical. */
export function categorySearch(query: CategoryQuery): string {
  const params = new URLSearchParams();
  if (query.sort !== 'latest') params.set('sort', query.sort);
  if (query.filter !== 'all') params.set('filter', query.filter);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** GET /api/articles/category/{slug}?page&sort&filter (docs/spec-content.md §7). */
export function categoryApiPath(slug: string, query: CategoryQuery): string {
  const params = new URLSearchParams({ page: String(query.page), sort: query.sort, filter: query.filter });
  return `/api/articles/category/${encodeURIComponent(slug)}?${params}`;
}
