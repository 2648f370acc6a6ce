import { parsePage } from '../../components/page-window';

export interface SearchQuery {
  q: string;
  tag: string;
  page: number;
}

export function readSearchQuery(params: URLSearchParams): SearchQuery {
  return {
    q: (params.get('q') ?? '').trim(),
    tag: (params.get('tag') ?? '').trim(),
    page: parsePage(params.get('page')),
  };
}

/** docs/spec-content.md §2 'Search': without q (or a tag) there is nothing to search; the page goes home. */
export const isEmptySearch = (query: SearchQuery): boolean => query.q === '' && query.tag === '';

/** /search?q&page, or ?tag&page for a tag's articles. */
export function searchPageUrl(query: SearchQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  else params.set('tag', query.tag);
  if (query.page > 1) params.set('page', String(query.page));
  return `/search?${params}`;
}

/** GET /api/articles/search?q&page, or ?tag&page (docs/spec-content.md §7). */
export function searchApiPath(query: SearchQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  else params.set('tag', query.tag);
  params.set('page', String(query.page));
  return `/api/articles/search?${params}`;
}
