import type { FieldFilter, FilterValue, RangeFilter } from './search.port';
import { isRangeFilter } from './search.validation';

/**
 * Structured filters → Meilisearch filter expression. Field names reaching here were checked against
 * the index's filterable fields (plain identifiers only); values are always written as literals, strings
 * double-quoted with '\' and '"' escaped, so no value can change the expression's structure.
 */

const RANGE_OPERATORS: ReadonlyArray<[keyof RangeFilter, string]> = [
  ['gte', '>='],
  ['gt', '>'],
  ['lte', '<='],
  ['lt', '<'],
];

export function toMeilisearchFilter(filters: ReadonlyArray<[string, FieldFilter]>): string | undefined {
  const clauses = filters.map(([field, filter]) => clauseFor(field, filter));
  return clauses.length > 0 ? clauses.join(' AND ') : undefined;
}

/** True when some `in` filter lists no values: nothing can match, so there is no need to ask the server. */
export function matchesNothing(filters: ReadonlyArray<[string, FieldFilter]>): boolean {
  return filters.some(([, filter]) => Array.isArray(filter) && filter.length === 0);
}

function clauseFor(field: string, filter: FieldFilter): string {
  if (Array.isArray(filter))
    return `${field} IN [${(filter as readonly FilterValue[]).map(literal).join(', ')}]`;
  if (isRangeFilter(filter)) {
    const bounds = RANGE_OPERATORS.filter(([key]) => filter[key] !== undefined).map(
      ([key, operator]) => `${field} ${operator} ${literal(filter[key] as number)}`,
    );
    return bounds.length === 1 ? bounds[0] : `(${bounds.join(' AND ')})`;
  }
  return `${field} = ${literal(filter as FilterValue)}`;
}

export function literal(value: FilterValue): string {
  if (typeof value === 'string') return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Cannot filter on ${value}`);
    return String(value);
  }
  return value ? 'true' : 'false';
}
