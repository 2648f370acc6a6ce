import type { ArchiveQuery, SearchPageQuery } from '@pulse/contracts';
import type { Filter, SortSpec } from '@pulse/platform';
import { PUBLISHED } from '../articles/articles.repository';
import { tagSlug } from '../articles/tag-slug';
import { archiveStoreFilter, categoryStoreFilter, periodStart, STORE_SORTS } from './search-filters';

/**
 * Lists without a text query read the article store directly (its indexes serve them, and its counters
 * are always current): the archive without q, and the search page opened for a tag alone.
 */

export interface StoreQuery {
  filter: Filter;
  sort: SortSpec;
}

const since = (start: number | undefined): Filter =>
  start === undefined ? {} : { publishedAt: { $gte: new Date(start).toISOString() } };

export function archiveStoreQuery(query: ArchiveQuery, now: number): StoreQuery {
  return {
    filter: {
      ...PUBLISHED,
      ...archiveStoreFilter(query.category),
      ...since(periodStart(query.timeframe, now)),
    },
    sort: STORE_SORTS[query.sort],
  };
}

/** /search?tag=…: the tag's articles (by slug, so a name or a slug finds them), newest first by default. */
export function tagPageStoreQuery(query: SearchPageQuery & { tag: string }, now: number): StoreQuery {
  const sort = query.sort === undefined || query.sort === 'relevance' ? 'latest' : query.sort;
  return {
    filter: {
      ...PUBLISHED,
      'tags.slug': tagSlug(query.tag),
      ...(query.category ? categoryStoreFilter(query.category) : {}),
      ...(query.type ? { type: query.type } : {}),
      ...since(periodStart(query.period, now)),
    },
    sort: STORE_SORTS[sort],
  };
}
