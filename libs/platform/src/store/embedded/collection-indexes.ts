import type { Filter } from '../store.port';
import { DuplicateKeyError, InvalidStoreOperationError } from '../store.errors';
import { type NormalizedIndexSpec, sameIndex } from '../shared/index-spec';
import { isOperatorObject } from '../shared/store-value';
import { EMPTY_ARRAY, valuesAtPath } from '../shared/value-order';

type Doc = Record<string, unknown> & { _id: string };

interface BuiltIndex {
  spec: NormalizedIndexSpec;
  paths: string[][];
}

/**
 * The ids filed under one key: a lone id as itself, several in a set. Most keys of a unique index (an
 * address, a slug) hold one document, and a set of one costs about 150 bytes more than the id.
 */
type Filed = string | Set<string>;

/** Key → ids of the documents holding it, over some leading fields of one or more indexes. */
interface KeyMap {
  paths: string[][];
  /** Multikey: an array field contributes one key per element. */
  entries: Map<string, Filed>;
}

/** An empty array's key: a string no field holds in practice, which an equality filter may still name. */
const EMPTY_ARRAY_KEY = '\u0000[]';

/** More equality combinations than this in one filter (several $in lists) are left to the scan. */
const MAX_KEY_COMBINATIONS = 256;

/**
 * The embedded store's secondary indexes: they enforce uniqueness and let equality filters on the
 * leading fields of an index (and on `_id`) skip the full scan, as MongoDB's planner uses an index
 * prefix. Matching itself is always re-checked by the filter, so an index only has to return a
 * superset of the matching documents.
 *
 * Key maps are kept per index prefix (a prefix shared by several indexes is kept once). A unique index
 * keeps its whole key from the start (its constraint) and a single-field index its field. A compound
 * index's prefixes are built the first time a filter can use one and kept current from then on: most
 * compound indexes end in a sort or range field whose key is nearly unique per document, and keeping
 * every prefix of every index would cost a key and a set per document and prefix (tens of MB on a
 * 100,000-document collection) for prefixes nothing asks for. Only declared indexes' prefixes are ever
 * built, so no query shape can make the store build more.
 */
export class CollectionIndexes {
  private readonly indexes = new Map<string, BuiltIndex>();
  private readonly keyMaps = new Map<string, KeyMap>();

  constructor(private readonly collection: string) {}

  specs(): NormalizedIndexSpec[] {
    return [...this.indexes.values()].map((index) => index.spec);
  }

  /** How many key maps are kept (for tests: prefixes are built only when a filter uses them). */
  get keyMapCount(): number {
    return this.keyMaps.size;
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
    const index: BuiltIndex = { spec, paths: Object.keys(spec.key).map((path) => path.split('.')) };
    if (spec.unique) {
      const probe: KeyMap = { paths: index.paths, entries: new Map() };
      for (const doc of docs) {
        if (takenIn(probe, doc)) throw new DuplicateKeyError(this.collection, spec.name);
        insertInto(probe, doc);
      }
      this.keyMaps.set(nameOf(index.paths), this.keyMaps.get(nameOf(index.paths)) ?? probe);
    } else if (index.paths.length === 1) {
      this.keyMapOf(index.paths, () => docs);
    }
    this.indexes.set(spec.name, index);
    return true;
  }

  /** Name of the unique index `doc` would violate (ignoring its own current entry), if any. */
  conflictOf(doc: Doc): string | undefined {
    for (const index of this.indexes.values()) {
      if (index.spec.unique && takenIn(this.keyMaps.get(nameOf(index.paths))!, doc)) return index.spec.name;
    }
    return undefined;
  }

  insert(doc: Doc): void {
    for (const keyMap of this.keyMaps.values()) insertInto(keyMap, doc);
  }

  remove(doc: Doc): void {
    for (const { entries, paths } of this.keyMaps.values()) {
      for (const key of keysOf(paths, doc)) unfile(entries, key, doc._id);
    }
  }

  /**
   * Ids that may match: of every index, the longest leading run of fields the filter sets by top-level
   * equality (or $in), and of those the one pointing at the fewest documents; undefined when no index
   * helps and every document must be scanned. `docs` (the collection's documents, read afresh on each
   * call) builds a prefix's key map the first time.
   */
  candidateIds(filter: Filter, docs: () => Iterable<Doc>): Iterable<string> | undefined {
    return this.lookup(filter, docs)?.ids;
  }

  /**
   * candidateIds, and whether they are exactly the matches: the filter is nothing but equalities (or
   * $in) on the fields of the index prefix that found them, so every id filed under its keys matches
   * (keys come from the values themselves, one per array element, as equality matches elements).
   */
  lookup(filter: Filter, docs: () => Iterable<Doc>): { ids: Iterable<string>; exact: boolean } | undefined {
    const equalities = new Map<string, unknown[]>();
    for (const [path, condition] of Object.entries(filter)) {
      const values = equalityValues(condition);
      if (values) equalities.set(path, values);
    }
    if (equalities.size === 0) return this.rangeLookup(filter, docs);
    let best: { keyMap: KeyMap; keys: string[]; size: number } | undefined;
    const tried = new Set<string>();
    for (const { paths } of this.indexes.values()) {
      let length = 0;
      while (length < paths.length && equalities.has(paths[length].join('.'))) length++;
      let keys: string[] | undefined;
      // Too many combinations of several $in lists: a shorter prefix still narrows.
      while (
        length > 0 &&
        !(keys = keyCombinations(paths.slice(0, length).map((path) => equalities.get(path.join('.'))!)))
      )
        length--;
      if (length === 0 || !keys) continue;
      const prefix = paths.slice(0, length);
      const name = nameOf(prefix);
      if (tried.has(name)) continue;
      tried.add(name);
      const keyMap = this.keyMapOf(prefix, docs);
      const size = keys.reduce((sum, key) => sum + sizeOf(keyMap.entries.get(key)), 0);
      // On a tie the longer prefix: it may cover the whole filter, which then need not run.
      if (!best || size < best.size || (size === best.size && length > best.keyMap.paths.length))
        best = { keyMap, keys, size };
    }
    if (!best) return this.rangeLookup(filter, docs);
    const exact =
      best.keyMap.paths.length === Object.keys(filter).length &&
      best.keyMap.paths.every((path) => !path.some((segment) => /^\d+$/.test(segment))) &&
      ![...equalities.values()].some((values) => values.includes(EMPTY_ARRAY_KEY));
    if (best.keys.length === 1) return { ids: idsOf(best.keyMap.entries.get(best.keys[0])), exact };
    const ids = new Set<string>();
    for (const key of best.keys) for (const id of idsOf(best.keyMap.entries.get(key))) ids.add(id);
    return { ids, exact };
  }

  private rangeLookup(filter: Filter, docs: () => Iterable<Doc>) {
    const ids = this.rangeCandidateIds(filter, docs);
    return ids && { ids, exact: false };
  }

  /**
   * With no equality to narrow by: the ids filed under keys within a range of strings that the filter
   * puts on an index's first field, found by walking that field's keys rather than the documents. The
   * outbox relay polls `{ '_outbox.occurredAt': { $gt: '' } }` on every collection twice a second, and its
   * key map holds a key per pending event plus one (null) for every document without: a scan of a
   * 100,000-document collection took about 50 ms of the event loop on each poll. A superset, as the
   * filter runs on each candidate.
   */
  private rangeCandidateIds(filter: Filter, docs: () => Iterable<Doc>): Set<string> | undefined {
    for (const { paths } of this.indexes.values()) {
      const inRange = stringRange(filter[paths[0].join('.')]);
      if (!inRange) continue;
      const ids = new Set<string>();
      for (const [key, filed] of this.keyMapOf(paths.slice(0, 1), docs).entries) {
        const value = stringOfKey(key);
        if (value !== undefined && inRange(value)) for (const id of idsOf(filed)) ids.add(id);
      }
      return ids;
    }
    return undefined;
  }

  private keyMapOf(paths: string[][], docs: () => Iterable<Doc>): KeyMap {
    const name = nameOf(paths);
    let keyMap = this.keyMaps.get(name);
    if (!keyMap) {
      keyMap = { paths, entries: new Map() };
      for (const doc of docs()) insertInto(keyMap, doc);
      this.keyMaps.set(name, keyMap);
    }
    return keyMap;
  }
}

function nameOf(paths: string[][]): string {
  return JSON.stringify(paths);
}

/** Every key the values allow, as keysOf writes them; undefined past MAX_KEY_COMBINATIONS. */
function keyCombinations(valuesPerPath: unknown[][]): string[] | undefined {
  let count = 1;
  for (const values of valuesPerPath) count *= values.length;
  return count > MAX_KEY_COMBINATIONS ? undefined : tupleKeys(valuesPerPath);
}

function takenIn({ entries, paths }: KeyMap, doc: Doc): boolean {
  return keysOf(paths, doc).some((key) => [...idsOf(entries.get(key))].some((id) => id !== doc._id));
}

function insertInto({ entries, paths }: KeyMap, doc: Doc): void {
  for (const key of keysOf(paths, doc)) file(entries, key, doc._id);
}

function file(entries: Map<string, Filed>, key: string, id: string): void {
  const filed = entries.get(key);
  if (filed === undefined) entries.set(key, id);
  else if (typeof filed !== 'string') filed.add(id);
  else if (filed !== id) entries.set(key, new Set([filed, id]));
}

function unfile(entries: Map<string, Filed>, key: string, id: string): void {
  const filed = entries.get(key);
  if (filed === id) entries.delete(key);
  else if (filed !== undefined && typeof filed !== 'string' && filed.delete(id) && filed.size === 1)
    entries.set(key, filed.values().next().value!);
}

function sizeOf(filed: Filed | undefined): number {
  if (filed === undefined) return 0;
  return typeof filed === 'string' ? 1 : filed.size;
}

function idsOf(filed: Filed | undefined): Iterable<string> {
  if (filed === undefined) return [];
  return typeof filed === 'string' ? [filed] : filed;
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

/**
 * `{ $gt: 'a', $lte: 'z' }` and the like, every bound a string: a test of a string against them (as mingo
 * compares strings); undefined for any other condition, which is left to the scan. Only strings can
 * match string bounds (MongoDB compares within a type), so keys of other types are never candidates.
 */
export function stringRange(condition: unknown): ((value: string) => boolean) | undefined {
  if (!isOperatorObject(condition)) return undefined;
  const tests: ((value: string) => boolean)[] = [];
  for (const [operator, bound] of Object.entries(condition)) {
    if (typeof bound !== 'string') return undefined;
    if (operator === '$gt') tests.push((value) => value > bound);
    else if (operator === '$gte') tests.push((value) => value >= bound);
    else if (operator === '$lt') tests.push((value) => value < bound);
    else if (operator === '$lte') tests.push((value) => value <= bound);
    else return undefined;
  }
  return tests.length ? (value) => tests.every((test) => test(value)) : undefined;
}

/** Every key a document holds in an index: the cartesian product of each field's values. */
function keysOf(paths: string[][], doc: Doc): string[] {
  return tupleKeys(
    paths.map((path) => {
      const found = valuesAtPath(doc, path);
      // A missing field is indexed as null, as MongoDB does, so a unique index admits one such document.
      return found.length === 0
        ? [null]
        : found.map((value) => (value === EMPTY_ARRAY ? EMPTY_ARRAY_KEY : value));
    }),
  );
}

/** The keys of the cartesian product of each field's values, as the key maps store them. */
function tupleKeys(valuesPerPath: unknown[][]): string[] {
  let tuples: unknown[][] = [[]];
  for (const values of valuesPerPath)
    tuples = tuples.flatMap((tuple) => values.map((value) => [...tuple, value]));
  return [...new Set(tuples.map(keyOf))];
}

/**
 * One tuple's key: a lone string is its own key (the document's string itself, so filing it allocates
 * nothing) unless it starts with '['; any other tuple is its JSON, which always starts with '['. So no
 * two tuples share a key, and a string is told from a number or null by its key alone.
 */
function keyOf(tuple: unknown[]): string {
  const [only] = tuple;
  return tuple.length === 1 && typeof only === 'string' && !only.startsWith('[')
    ? only
    : JSON.stringify(tuple);
}

/** The string a one-field key holds (dates are ISO strings too); undefined for any other type. */
function stringOfKey(key: string): string | undefined {
  if (!key.startsWith('[')) return key;
  return key.startsWith('["') ? (JSON.parse(key) as [string])[0] : undefined;
}
