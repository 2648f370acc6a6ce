import { SearchInputError } from './search.errors';
import { synonymKey } from './synonyms/synonym-table';
import type {
  FieldFilter,
  FilterValue,
  IndexSettings,
  RangeFilter,
  SearchDocument,
  SearchQuery,
  SortField,
} from './search.port';

/**
 * Input checks shared by both adapters, so a bad query fails the same way whichever engine runs, and the
 * Meilisearch adapter only ever builds filter strings from field names it has checked.
 */

export const DEFAULT_HITS_PER_PAGE = 20;
export const MAX_HITS_PER_PAGE = 100;
export const MAX_QUERY_LENGTH = 256;
/** The embedded engine packs per-field counts into one number (see embedded/postings.ts). */
export const MAX_SEARCHABLE_FIELDS = 7;

// Meilisearch index uids allow [A-Za-z0-9_-]; lowercase keeps names portable across adapters.
const INDEX_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;
// Meilisearch document ids: alphanumerics, '-' and '_', at most 511 bytes.
const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,511}$/;
// Plain or dotted identifiers: the only names that are safe unquoted in a Meilisearch filter.
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/;
const RANGE_KEYS = ['gte', 'lte', 'gt', 'lt'] as const;
// ISO 639-1 (two letters) or 639-3 (three), the codes Meilisearch's locales take.
const LOCALE_CODE = /^[a-z]{2,3}$/;

export interface NormalisedQuery {
  q: string;
  filters: Array<[string, FieldFilter]>;
  /** Empty means relevance. */
  sort: SortField[];
  page: number;
  hitsPerPage: number;
  /** Union of highlight and crop fields. */
  highlight: string[];
  crop?: { fields: string[]; length: number };
}

export function assertIndexName(index: string): void {
  if (!INDEX_NAME.test(index)) throw new SearchInputError('index', `'${index}' must match ${INDEX_NAME}`);
}

export function assertSettings(settings: IndexSettings): void {
  if (settings.searchable.length === 0 || settings.searchable.length > MAX_SEARCHABLE_FIELDS) {
    throw new SearchInputError('settings.searchable', `needs 1 to ${MAX_SEARCHABLE_FIELDS} fields`);
  }
  for (const key of ['searchable', 'filterable', 'sortable', 'displayed'] as const) {
    for (const field of settings[key] ?? []) assertFieldName(`settings.${key}`, field);
  }
  if (settings.locales !== undefined) assertLocales(settings.locales, settings.searchable);
  if (settings.synonyms !== undefined) assertSynonymGroups('settings.synonyms', settings.synonyms);
}

export const MAX_SYNONYM_GROUPS = 5_000;
export const MAX_SYNONYM_SPELLINGS = 20;
export const MAX_SYNONYM_LENGTH = 100;

/** Each group 2 to MAX_SYNONYM_SPELLINGS spellings, each with at least one word and at most 100 characters. */
export function assertSynonymGroups(where: string, groups: unknown): void {
  if (!Array.isArray(groups) || groups.length > MAX_SYNONYM_GROUPS)
    throw new SearchInputError(where, `must be a list of at most ${MAX_SYNONYM_GROUPS} groups`);
  groups.forEach((group: unknown, i) => {
    if (!Array.isArray(group) || group.length < 2 || group.length > MAX_SYNONYM_SPELLINGS)
      throw new SearchInputError(`${where}.${i}`, `must list 2 to ${MAX_SYNONYM_SPELLINGS} spellings`);
    group.forEach((spelling: unknown, j) => {
      if (typeof spelling !== 'string' || spelling.length > MAX_SYNONYM_LENGTH || synonymKey(spelling) === '')
        throw new SearchInputError(
          `${where}.${i}.${j}`,
          `must be a word or words of at most ${MAX_SYNONYM_LENGTH} characters`,
        );
    });
  });
}

/** Each key a searchable field, each value a non-empty list of ISO 639 codes ('kor', 'ko', 'eng'). */
function assertLocales(locales: IndexSettings['locales'] & object, searchable: readonly string[]): void {
  if (typeof locales !== 'object' || locales === null || Array.isArray(locales)) {
    throw new SearchInputError('settings.locales', 'must map searchable fields to lists of language codes');
  }
  for (const [field, codes] of Object.entries(locales)) {
    const where = `settings.locales.${field}`;
    if (!searchable.includes(field)) throw new SearchInputError(where, 'not a searchable field of the index');
    if (
      !Array.isArray(codes) ||
      codes.length === 0 ||
      codes.some((code) => !LOCALE_CODE.test(String(code)))
    ) {
      throw new SearchInputError(where, 'must be a non-empty list of ISO 639 codes such as kor');
    }
  }
}

export function assertDocuments(docs: readonly SearchDocument[]): void {
  for (const doc of docs) {
    if (typeof doc.id !== 'string' || !DOCUMENT_ID.test(doc.id)) {
      throw new SearchInputError('id', `'${String(doc.id)}' must match ${DOCUMENT_ID}`);
    }
  }
}

export function normaliseQuery(query: SearchQuery, settings: IndexSettings): NormalisedQuery {
  const q = (query.q ?? '').trim();
  if (q.length > MAX_QUERY_LENGTH)
    throw new SearchInputError('q', `longer than ${MAX_QUERY_LENGTH} characters`);
  const page = query.page ?? 1;
  if (!Number.isInteger(page) || page < 1) throw new SearchInputError('page', 'must be an integer ≥ 1');
  const hitsPerPage = query.hitsPerPage ?? DEFAULT_HITS_PER_PAGE;
  if (!Number.isInteger(hitsPerPage) || hitsPerPage < 1 || hitsPerPage > MAX_HITS_PER_PAGE) {
    throw new SearchInputError('hitsPerPage', `must be an integer from 1 to ${MAX_HITS_PER_PAGE}`);
  }

  const filters = Object.entries(query.filters ?? {}).map(([field, filter]): [string, FieldFilter] => {
    assertDeclared('filters', field, settings.filterable);
    assertFilter(field, filter);
    return [field, filter];
  });

  const sort = query.sort === undefined || query.sort === 'relevance' ? [] : [...query.sort];
  for (const { field, order } of sort) {
    assertDeclared('sort', field, settings.sortable);
    if (order !== 'asc' && order !== 'desc')
      throw new SearchInputError(`sort.${field}`, "order must be 'asc' or 'desc'");
  }

  const crop = query.crop && { fields: [...query.crop.fields], length: query.crop.length };
  if (crop && (!Number.isInteger(crop.length) || crop.length < 10 || crop.length > 1000)) {
    throw new SearchInputError('crop.length', 'must be an integer from 10 to 1000');
  }
  const highlight = [...new Set([...(query.highlight ?? []), ...(crop?.fields ?? [])])];
  for (const field of highlight) {
    assertDeclared('highlight', field, settings.searchable);
    // Meilisearch formats displayed fields only; refusing here keeps both adapters alike.
    if (settings.displayed && !settings.displayed.includes(field)) {
      throw new SearchInputError(`highlight.${field}`, 'not among the displayed fields of the index');
    }
  }

  return { q, filters, sort, page, hitsPerPage, highlight, crop };
}

function assertFieldName(where: string, field: string): void {
  if (!FIELD_NAME.test(field)) throw new SearchInputError(where, `'${field}' is not a plain field name`);
}

function assertDeclared(where: string, field: string, declared: readonly string[]): void {
  if (!declared.includes(field)) {
    throw new SearchInputError(
      `${where}.${field}`,
      `not declared ${where === 'highlight' ? 'searchable' : where === 'sort' ? 'sortable' : 'filterable'} in the index settings`,
    );
  }
}

export function isRangeFilter(filter: FieldFilter): filter is RangeFilter {
  return typeof filter === 'object' && filter !== null && !Array.isArray(filter);
}

function assertFilter(field: string, filter: FieldFilter): void {
  const where = `filters.${field}`;
  if (Array.isArray(filter)) {
    filter.forEach((value) => assertScalar(where, value));
  } else if (isRangeFilter(filter)) {
    const keys = Object.keys(filter);
    if (keys.length === 0 || keys.some((key) => !(RANGE_KEYS as readonly string[]).includes(key))) {
      throw new SearchInputError(where, `a range takes one or more of ${RANGE_KEYS.join(', ')}`);
    }
    for (const key of RANGE_KEYS) {
      const bound = filter[key];
      if (bound !== undefined && (typeof bound !== 'number' || !Number.isFinite(bound))) {
        throw new SearchInputError(`${where}.${key}`, 'must be a finite number');
      }
    }
  } else {
    assertScalar(where, filter as FilterValue);
  }
}

function assertScalar(where: string, value: unknown): void {
  const ok =
    (typeof value === 'string' && value.length <= 1000) ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value));
  if (!ok) throw new SearchInputError(where, 'values must be strings, booleans or finite numbers');
}
