import type { FieldFilter, FilterValue, SearchDocument, SortField } from '../search.port';
import { isRangeFilter } from '../search.validation';
import { fieldValue } from './engine-index';

/**
 * Structured filters and field sorts, with Meilisearch's semantics so both adapters agree: a field
 * holding an array matches when any element does; string equality ignores case; documents missing a
 * sort field come last whatever the direction.
 */

/**
 * The filters of one query as one test, built once per search: lower-cased filter strings and the
 * per-filter tests are made here, not for each of the thousands of documents a query may consider.
 */
export function compileFilters(
  filters: ReadonlyArray<[string, FieldFilter]>,
): (doc: SearchDocument) => boolean {
  const tests = filters.map(([field, filter]) => {
    const test = anyElement(compileFilter(filter));
    if (field.includes('.')) return (doc: SearchDocument) => test(fieldValue(doc, field));
    return (doc: SearchDocument) => test(doc[field]);
  });
  return (doc) => {
    for (const test of tests) if (!test(doc)) return false;
    return true;
  };
}

function compileFilter(filter: FieldFilter): (value: unknown) => boolean {
  return compileFilterWith(filter, equalTo);
}

/**
 * One filter as a test of a field's value, with `equalTo` deciding equality (plain strings here, interned
 * column values in columns.ts); lists match any of their values, ranges compare numbers.
 */
export function compileFilterWith(
  filter: FieldFilter,
  equalTo: (expected: FilterValue) => (value: unknown) => boolean,
): (value: unknown) => boolean {
  if (Array.isArray(filter)) {
    const tests = (filter as readonly FilterValue[]).map((expected) => equalTo(expected));
    return (value) => tests.some((test) => test(value));
  }
  if (isRangeFilter(filter)) {
    const { gte, lte, gt, lt } = filter;
    return (value) =>
      typeof value === 'number' &&
      (gte === undefined || value >= gte) &&
      (lte === undefined || value <= lte) &&
      (gt === undefined || value > gt) &&
      (lt === undefined || value < lt);
  }
  return equalTo(filter as FilterValue);
}

/** A field holding an array matches when any element does. */
const anyElement =
  (test: (value: unknown) => boolean) =>
  (value: unknown): boolean =>
    Array.isArray(value) ? value.some(test) : test(value);

/** String equality ignores case; other values compare strictly. */
function equalTo(filter: FilterValue): (value: unknown) => boolean {
  if (typeof filter !== 'string') return (value) => value === filter;
  const lower = filter.toLowerCase();
  return (value) => typeof value === 'string' && (value === filter || value.toLowerCase() === lower);
}

export type SortKey = number | string | boolean | undefined;

/** A document's values for the sort fields, read once per search rather than once per comparison. */
export function sortKeysOf(doc: SearchDocument, sort: readonly SortField[]): SortKey[] {
  return sort.map(({ field }) => {
    const value = fieldValue(doc, field);
    return typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean'
      ? value
      : undefined;
  });
}

export function compareSortKeys(
  left: readonly SortKey[],
  right: readonly SortKey[],
  sort: readonly SortField[],
): number {
  for (let i = 0; i < sort.length; i += 1) {
    const [a, b] = [left[i], right[i]];
    if (a === undefined || b === undefined) {
      if (a !== b) return a === undefined ? 1 : -1;
      continue;
    }
    const compared = compareValues(a, b);
    if (compared !== 0) return sort[i].order === 'asc' ? compared : -compared;
  }
  return 0;
}

// Numbers before strings before booleans, as Meilisearch orders mixed types in ascending sorts.
const TYPE_RANK: Record<string, number> = { number: 0, string: 1, boolean: 2 };

function compareValues(left: number | string | boolean, right: number | string | boolean): number {
  if (typeof left !== typeof right) return TYPE_RANK[typeof left] - TYPE_RANK[typeof right];
  if (typeof left === 'string') return left < (right as string) ? -1 : left > (right as string) ? 1 : 0;
  return Number(left) - Number(right);
}
