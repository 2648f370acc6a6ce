import type { FieldFilter, FilterValue, SearchDocument, SortField } from '../search.port';
import { isRangeFilter } from '../search.validation';
import { fieldValue } from './engine-index';

/**
 * Structured filters and field sorts, with Meilisearch's semantics so both adapters agree: a field
 * holding an array matches when any element does; string equality ignores case; documents missing a
 * sort field come last whatever the direction.
 */

export function matchesFilters(doc: SearchDocument, filters: ReadonlyArray<[string, FieldFilter]>): boolean {
  return filters.every(([field, filter]) => matchesFilter(fieldValue(doc, field), filter));
}

function matchesFilter(value: unknown, filter: FieldFilter): boolean {
  const values = Array.isArray(value) ? value : [value];
  if (Array.isArray(filter))
    return values.some((v) => (filter as readonly FilterValue[]).some((f) => equals(v, f)));
  if (isRangeFilter(filter)) {
    return values.some(
      (v) =>
        typeof v === 'number' &&
        (filter.gte === undefined || v >= filter.gte) &&
        (filter.lte === undefined || v <= filter.lte) &&
        (filter.gt === undefined || v > filter.gt) &&
        (filter.lt === undefined || v < filter.lt),
    );
  }
  return values.some((v) => equals(v, filter as FilterValue));
}

function equals(value: unknown, filter: FilterValue): boolean {
  if (typeof value === 'string' && typeof filter === 'string')
    return value.toLowerCase() === filter.toLowerCase();
  return value === filter;
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
