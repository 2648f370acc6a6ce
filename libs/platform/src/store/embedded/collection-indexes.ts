import type { Filter } from '../store.port';
import { DuplicateKeyError, InvalidStoreOperationError } from '../store.errors';
import { type NormalizedIndexSpec, sameIndex } from '../shared/index-spec';
import { isOperatorObject } from '../shared/store-value';
import { EMPTY_ARRAY, valuesAtPath } from '../shared/value-order';

type Doc = Record<string, unknown> & { _id: string };

interface BuiltIndex {
  spec: NormalizedIndexSpec;
  paths: string[][];
  /**
   * Key → ids of the documents holding it. Multikey: an array field contributes one key per element.
   * Kept only where something reads it: a unique index (its constraint) or a single-field one (equality
   * lookups). A plain compound index serves MongoDB's query planner; here nothing would ever read it,
   * and it would cost a key and a set per document (tens of MB on a 100,000-document collection).
   */
  entries: Map<string, Set<string>> | undefined;
}

/**
 * The embedded store's secondary indexes: they enforce uniqueness and let equality filters on an
 * indexed field (and on `_id`) skip the full scan. Matching itself is always re-checked by the
 * filter, so an index only has to return a superset of the matching documents.
 */
export class CollectionIndexes {
  private readonly indexes = new Map<string, BuiltIndex>();

  constructor(private readonly collection: string) {}

  specs(): NormalizedIndexSpec[] {
    return [...this.indexes.values()].map((index) => index.spec);
  }

  /** Returns false when an identical index exists; refuses a different one under the same name or key. */
  add(spec: NormalizedIndexSpec, docs: Iterable<Doc>): boolean {
    for (const existing of this.indexes.values()) {
      if (sameIndex(existing.spec, spec)) return false;
      if (
        existing.spec.name === spec.name ||
        JSON.stringify(existing.spec.key) === JSON.stringify(spec.key)
      ) {
        throw new InvalidStoreOperationError(
          `Index ${spec.name} on ${this.collection} conflicts with existing index ${existing.spec.name}`,
        );
      }
    }
    const paths = Object.keys(spec.key).map((path) => path.split('.'));
    const index: BuiltIndex = {
      spec,
      paths,
      entries: spec.unique || paths.length === 1 ? new Map() : undefined,
    };
    for (const doc of docs) {
      if (spec.unique && this.takenIn(index, doc)) throw new DuplicateKeyError(this.collection, spec.name);
      this.insertInto(index, doc);
    }
    this.indexes.set(spec.name, index);
    return true;
  }

  /** Name of the unique index `doc` would violate (ignoring its own current entry), if any. */
  conflictOf(doc: Doc): string | undefined {
    for (const index of this.indexes.values()) {
      if (index.spec.unique && this.takenIn(index, doc)) return index.spec.name;
    }
    return undefined;
  }

  insert(doc: Doc): void {
    for (const index of this.indexes.values()) this.insertInto(index, doc);
  }

  remove(doc: Doc): void {
    for (const { entries, ...index } of this.indexes.values()) {
      if (!entries) continue;
      for (const key of keysOf(index, doc)) {
        const ids = entries.get(key);
        ids?.delete(doc._id);
        if (ids?.size === 0) entries.delete(key);
      }
    }
  }

  /**
   * Ids that may match, from the first top-level equality (or $in) on a single-field index; undefined
   * when no index helps and every document must be scanned.
   */
  candidateIds(filter: Filter): Iterable<string> | undefined {
    for (const [path, condition] of Object.entries(filter)) {
      const values = equalityValues(condition);
      if (!values) continue;
      const entries = [...this.indexes.values()].find(
        (i) => i.paths.length === 1 && i.paths[0].join('.') === path,
      )?.entries;
      if (!entries) continue;
      if (values.length === 1) return entries.get(JSON.stringify(values)) ?? [];
      const ids = new Set<string>();
      for (const value of values) for (const id of entries.get(JSON.stringify([value])) ?? []) ids.add(id);
      return ids;
    }
    return undefined;
  }

  private takenIn(index: BuiltIndex, doc: Doc): boolean {
    return keysOf(index, doc).some((key) =>
      [...(index.entries?.get(key) ?? [])].some((id) => id !== doc._id),
    );
  }

  private insertInto({ entries, ...index }: BuiltIndex, doc: Doc): void {
    if (!entries) return;
    for (const key of keysOf(index, doc)) {
      let ids = entries.get(key);
      if (!ids) entries.set(key, (ids = new Set()));
      ids.add(doc._id);
    }
  }
}

/**
 * A primitive the condition requires the field to equal (or one of several, for $in). Objects and
 * arrays are left to the scan (`{ tags: ['a', 'b'] }` matches the whole array, which no element key
 * holds), and so is null, which also matches array elements lacking the field.
 */
export function equalityValues(condition: unknown): unknown[] | undefined {
  const primitive = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);
  if (!isOperatorObject(condition)) return primitive(condition) ? [condition] : undefined;
  const keys = Object.keys(condition);
  if (keys.length !== 1) return undefined;
  if (keys[0] === '$eq' && primitive(condition.$eq)) return [condition.$eq];
  if (keys[0] === '$in' && Array.isArray(condition.$in) && condition.$in.every(primitive))
    return condition.$in;
  return undefined;
}

/** Every key a document holds in an index: the cartesian product of each field's values. */
function keysOf(index: Pick<BuiltIndex, 'paths'>, doc: Doc): string[] {
  let tuples: unknown[][] = [[]];
  for (const path of index.paths) {
    const found = valuesAtPath(doc, path);
    // A missing field is indexed as null, as MongoDB does, so a unique index admits one such document.
    const values =
      found.length === 0 ? [null] : found.map((value) => (value === EMPTY_ARRAY ? '\u0000[]' : value));
    tuples = tuples.flatMap((tuple) => values.map((value) => [...tuple, value]));
  }
  return [...new Set(tuples.map((tuple) => JSON.stringify(tuple)))];
}
