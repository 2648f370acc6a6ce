import type { Adapter } from '../lifecycle';

/**
 * The search index port. Services index what they own (articles, questions) and query it with
 * structured filters, never raw filter strings, so each adapter can translate and escape values itself.
 * The embedded engine and the Meilisearch adapter answer the same queries (docs/design.md §3, §6).
 */

/** Every document carries a string id: letters, digits, '-' and '_' (Meilisearch's rule, applied to both). */
export type SearchDocument = { id: string } & Record<string, unknown>;

export interface IndexSettings {
  /** Fields searched, in priority order: a match in the first weighs most. */
  searchable: readonly string[];
  /** Fields usable in `filters`. Range filters need numeric values (store dates as epoch milliseconds). */
  filterable: readonly string[];
  sortable: readonly string[];
  /** Fields returned in `hit.doc`; all fields when omitted. `id` is always returned. */
  displayed?: readonly string[];
  /**
   * The languages of searchable fields, as ISO 639 codes: `{ title: ['kor'], body: ['kor'] }`. A hint for
   * engines that segment text by language (Meilisearch's localizedAttributes), so short Korean strings are
   * not guessed as Japanese or Chinese. Omitted: every field is Korean, which is what Pulse indexes. The
   * embedded engine needs no hint (its analyser handles Hangul and Latin in any field) and only checks it.
   */
  locales?: Readonly<Record<string, readonly string[]>>;
  /**
   * Groups of spellings of the same thing ('엔비디아', 'NVIDIA', '엔비'): a query word (or run of words)
   * matches documents holding any other spelling of its group, ranked below the spelling typed. Pulse
   * sends the dictionary (synonyms/synonyms.ko.ts) plus the groups its admins added. Changing only these
   * re-indexes nothing on the embedded engine; Meilisearch re-indexes as it does for any setting.
   */
  synonyms?: readonly (readonly string[])[];
}

export type FilterValue = string | number | boolean;
export interface RangeFilter {
  gte?: number;
  lte?: number;
  gt?: number;
  lt?: number;
}
/**
 * A scalar means equality, an array means "any of" (an empty array matches nothing), an object means a
 * numeric range. A document field holding an array matches when any element does. String equality ignores
 * case (as Meilisearch's does). Filter with the type the field holds: a number for a numeric field.
 */
export type FieldFilter = FilterValue | readonly FilterValue[] | RangeFilter;
export type SearchFilters = Readonly<Record<string, FieldFilter>>;

export interface SortField {
  field: string;
  order: 'asc' | 'desc';
}

export interface SearchQuery {
  /** Free text; empty or omitted lists every document that passes the filters. */
  q?: string;
  filters?: SearchFilters;
  /**
   * 'relevance' (the default) ranks by match quality. A field list sorts by those fields first and breaks
   * ties by relevance, so 'latest' with a query still shows the newest matching article first.
   */
  sort?: 'relevance' | readonly SortField[];
  /** 1-based; defaults to 1. */
  page?: number;
  /** 1–100; defaults to 20. */
  hitsPerPage?: number;
  /** Searchable string fields returned in `hit.highlights`, HTML-escaped with matches wrapped in <mark>. */
  highlight?: readonly string[];
  /** These fields (also returned in highlights) are cut to `length` characters around the first match. */
  crop?: { fields: readonly string[]; length: number };
}

export interface SearchHit<D extends SearchDocument = SearchDocument> {
  id: string;
  doc: D;
  /** Relevance as the adapter reports it; comparable only within one adapter and one query. */
  score?: number;
  /** Safe to insert as HTML: everything but the <mark> tags is escaped. */
  highlights: Record<string, string>;
}

export interface SearchResult<D extends SearchDocument = SearchDocument> {
  hits: SearchHit<D>[];
  total: number;
  page: number;
  hitsPerPage: number;
  totalPages: number;
  /**
   * false when no document matched every word of `q` and the hits match only some of them (ranked by
   * how many), so a page can say so; true otherwise, including for an empty `q`.
   */
  allWordsMatched: boolean;
}

export interface SearchIndex extends Adapter {
  /**
   * Creates the index if needed and applies its settings; idempotent, so every process calls it at start.
   * Every other method refuses an index this process has not ensured, so a typo never silently creates an
   * index with default settings.
   */
  ensureIndex(index: string, settings: IndexSettings): Promise<void>;
  /** Adds or replaces whole documents by id; visible to `search` once the promise resolves. */
  upsert<D extends SearchDocument>(index: string, docs: readonly D[]): Promise<void>;
  /** Unknown ids are ignored. */
  remove(index: string, ids: readonly string[]): Promise<void>;
  search<D extends SearchDocument = SearchDocument>(
    index: string,
    query: SearchQuery,
  ): Promise<SearchResult<D>>;
  /** Removes every document, keeps the settings. */
  clear(index: string): Promise<void>;
}
