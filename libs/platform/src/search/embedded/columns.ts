import type { FieldFilter, FilterValue, SearchDocument, SearchFilters, SortField } from '../search.port';
import { fieldValue } from './engine-index';
import { compileFilterWith, type SortKey } from './filters';

/**
 * The filterable and sortable values of an index's documents, one array per field by document number.
 * A query tests and sorts its thousands of matches here rather than in the documents: reading a field of
 * one of 100,000 scattered objects costs a cache miss or two, and took half a query's time
 * (bench/content-search.ts). Strings are kept lowercased and interned, one copy per distinct value, so
 * case-insensitive equality (Meilisearch's, as in filters.ts) is one comparison of equal references.
 */
export class FieldColumns {
  private readonly filterColumns = new Map<string, unknown[]>();
  private readonly sortColumns = new Map<string, SortKey[]>();
  private readonly interned = new Map<string, string>();

  constructor(filterable: readonly string[], sortable: readonly string[]) {
    for (const field of filterable) this.filterColumns.set(field, []);
    for (const field of sortable) this.sortColumns.set(field, []);
  }

  set(no: number, doc: SearchDocument): void {
    for (const [field, column] of this.filterColumns) column[no] = this.canonical(fieldValue(doc, field));
    for (const [field, column] of this.sortColumns) {
      const value = fieldValue(doc, field);
      column[no] =
        typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean'
          ? value
          : undefined;
    }
  }

  delete(no: number): void {
    for (const column of this.filterColumns.values()) column[no] = undefined;
    for (const column of this.sortColumns.values()) column[no] = undefined;
  }

  clear(): void {
    for (const column of this.filterColumns.values()) column.length = 0;
    for (const column of this.sortColumns.values()) column.length = 0;
    this.interned.clear();
  }

  /** The filters of one query as one test of a document number (filters.ts's semantics). */
  compile(filters: SearchFilters | ReadonlyArray<[string, FieldFilter]>): (no: number) => boolean {
    const entries = Array.isArray(filters) ? filters : Object.entries(filters);
    const tests = entries.map(([field, filter]: [string, FieldFilter]) => {
      const column = this.filterColumns.get(field);
      if (!column) throw new Error(`${field} is not a filterable field`);
      const test = anyElement(this.compileFilter(filter));
      return (no: number) => test(column[no]);
    });
    return (no) => {
      for (const test of tests) if (!test(no)) return false;
      return true;
    };
  }

  sortKeys(no: number, sort: readonly SortField[]): SortKey[] {
    return sort.map(({ field }) => this.sortColumns.get(field)![no]);
  }

  private compileFilter(filter: FieldFilter): (value: unknown) => boolean {
    return compileFilterWith(filter, (expected) => this.equalTo(expected));
  }

  private equalTo(filter: FilterValue): (value: unknown) => boolean {
    if (typeof filter !== 'string') return (value) => value === filter;
    const wanted = this.interned.get(filter.toLowerCase());
    if (wanted === undefined) return () => false; // no document holds it
    return (value) => value === wanted;
  }

  private canonical(value: unknown): unknown {
    if (typeof value === 'string') {
      const lower = value.toLowerCase();
      let interned = this.interned.get(lower);
      if (interned === undefined) this.interned.set(lower, (interned = lower));
      return interned;
    }
    if (Array.isArray(value)) return value.map((item) => this.canonical(item));
    return value;
  }
}

/** A field holding an array matches when any element does. */
const anyElement =
  (test: (value: unknown) => boolean) =>
  (value: unknown): boolean =>
    Array.isArray(value) ? value.some(test) : test(value);
