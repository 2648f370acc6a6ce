import { CONTENT_TYPES, type ArchiveQuery, type SearchPageQuery } from '@pulse/contracts';
import type { SearchQuery } from '@pulse/platform';
import { tagSlug } from '../articles/tag-slug';
import { archiveIndexFilter, INDEX_SORTS, periodStart } from './search-filters';
import { SNIPPET_CROP_LENGTH, SNIPPET_FIELDS } from './search-results';

/**
 * What the search page and the archive ask of the article index, from their validated queries (paging
 * is added by the caller). Shared with bench/content-search.ts, so the bench times the queries the API
 * sends.
 */

const WORD = /[\p{L}\p{N}]/u;

/** False for a q of punctuation only ('!!!'): engines would list every article for it; nothing matched. */
export const hasWord = (q: string): boolean => WORD.test(q);

/** Relevance first when there is a q, the newest first for a tag alone; snippets for every hit. */
export function searchPageIndexQuery(query: SearchPageQuery, now: number): SearchQuery {
  const since = periodStart(query.period, now);
  return {
    q: query.q,
    filters: {
      state: 'published',
      ...(query.category ? { categories: query.category } : {}),
      ...(query.type ? { type: query.type } : {}),
      ...(query.tag ? { tagSlugs: tagSlug(query.tag) } : {}),
      ...(since !== undefined ? { publishedAt: { gte: since } } : {}),
    },
    sort: INDEX_SORTS[query.sort ?? (query.q ? 'relevance' : 'latest')],
    highlight: ['title'],
    crop: { fields: SNIPPET_FIELDS, length: SNIPPET_CROP_LENGTH },
  };
}

/** The archive with a text query: its category, timeframe and sort over the index, no highlights. */
export function archiveIndexQuery(query: ArchiveQuery, now: number): SearchQuery {
  const since = periodStart(query.timeframe, now);
  return {
    q: query.q,
    filters: {
      state: 'published',
      // The archive lists articles; the tech analyses the index also holds have their own list.
      type: CONTENT_TYPES,
      ...archiveIndexFilter(query.category),
      ...(since !== undefined ? { publishedAt: { gte: since } } : {}),
    },
    sort: INDEX_SORTS[query.sort],
  };
}
