import type { SortSpec } from '../store.port';

/**
 * MongoDB's ordering of values, restricted to the JSON types the port stores. The embedded store sorts
 * with it (find, $sort, $min/$max updates) so both adapters return documents in the same order; mingo's
 * own comparison differs for mixed types and array fields.
 */

/** Stands for an empty array at a sort path, which MongoDB orders before null and missing. */
export const EMPTY_ARRAY = Symbol('empty array');

function typeRank(value: unknown): number {
  if (value === EMPTY_ARRAY) return 0;
  if (value === null || value === undefined) return 1;
  switch (typeof value) {
    case 'number':
      return 2;
    case 'string':
      return 3;
    case 'boolean':
      return 8; // after objects (4), arrays (5), binary data (6) and ObjectIds (7)
    default:
      return Array.isArray(value) ? 5 : 4;
  }
}

export function compareValues(a: unknown, b: unknown): number {
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA - rankB;
  switch (rankA) {
    case 2:
      return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
    case 3:
      return compareStrings(a as string, b as string);
    case 8:
      return a === b ? 0 : a ? 1 : -1;
    case 4:
      return compareObjects(a as Record<string, unknown>, b as Record<string, unknown>);
    case 5:
      return compareArrays(a as unknown[], b as unknown[]);
    default:
      return 0;
  }
}

/**
 * By code point, which is the UTF-8 byte order MongoDB uses. UTF-16 code units agree except that
 * surrogates (characters beyond U+FFFF, such as emoji) must sort after U+E000–U+FFFF.
 */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  // Where either string has no unit ≥ U+D800, their first difference cannot be between two such units,
  // so the engine's native (UTF-16) comparison already gives code point order.
  if (!HIGH_UNIT.test(a) || !HIGH_UNIT.test(b)) return a < b ? -1 : 1;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) return codePointRank(x) - codePointRank(y);
    return x - y;
  }
  return a.length - b.length;
}

const HIGH_UNIT = /[\ud800-\uffff]/;

const codePointRank = (unit: number): number => (unit >= 0xe000 ? unit - 0x800 : unit + 0x2000);

/** Field by field: type, then name, then value; a prefix orders first. */
function compareObjects(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  for (let i = 0; i < Math.min(keysA.length, keysB.length); i++) {
    const byType = typeRank(a[keysA[i]]) - typeRank(b[keysB[i]]);
    if (byType !== 0) return byType;
    const byName = compareStrings(keysA[i], keysB[i]);
    if (byName !== 0) return byName;
    const byValue = compareValues(a[keysA[i]], b[keysB[i]]);
    if (byValue !== 0) return byValue;
  }
  return keysA.length - keysB.length;
}

function compareArrays(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order = compareValues(a[i], b[i]);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/**
 * Every value found at a dotted path, descending through arrays as MongoDB does ('items.qty' over an
 * array of items yields each item's qty; an array at the end yields its elements).
 */
export function valuesAtPath(
  value: unknown,
  segments: readonly string[],
  from = 0,
  out: unknown[] = [],
): unknown[] {
  if (from === segments.length) {
    if (Array.isArray(value)) {
      if (value.length === 0) out.push(EMPTY_ARRAY);
      else out.push(...value);
    } else out.push(value);
    return out;
  }
  if (Array.isArray(value)) {
    const segment = segments[from];
    if (/^\d+$/.test(segment)) {
      if (Number(segment) < value.length) valuesAtPath(value[Number(segment)], segments, from + 1, out);
      return out;
    }
    for (const item of value) {
      if (item !== null && typeof item === 'object' && !Array.isArray(item))
        valuesAtPath(item, segments, from, out);
    }
    return out;
  }
  if (value === null || typeof value !== 'object') return out;
  const next = (value as Record<string, unknown>)[segments[from]];
  if (next === undefined) return out;
  return valuesAtPath(next, segments, from + 1, out);
}

/** The value a document sorts by on one key: the smallest (ascending) or largest (descending) found. */
function sortKeyOf(doc: unknown, segments: readonly string[], direction: 1 | -1): unknown {
  // The common case, a top-level scalar, without collecting values into an array.
  if (segments.length === 1 && doc !== null && typeof doc === 'object' && !Array.isArray(doc)) {
    const value = (doc as Record<string, unknown>)[segments[0]];
    if (value === undefined) return null;
    if (value === null || typeof value !== 'object') return value;
  }
  const values = valuesAtPath(doc, segments);
  if (values.length === 0) return null;
  let best = values[0];
  for (let i = 1; i < values.length; i++) {
    const order = compareValues(values[i], best);
    if (direction === 1 ? order < 0 : order > 0) best = values[i];
  }
  return best;
}

/** A document with the keys it sorts by, worked out as far as a comparison has needed them. */
type Decorated<D> = { doc: D; position: number; keys: unknown[] };

/**
 * Returns the documents in sort order; with `keep`, only the first `keep` of them (a bounded insertion
 * instead of a full sort, for a page of 20 out of thousands). Each key is computed at most once per
 * document, and only when a comparison reaches it: most documents of a page's scan lose on the first.
 */
export function sortDocuments<D>(docs: D[], sort: SortSpec, keep?: number): D[] {
  const keys = Object.entries(sort).map(([path, direction]) => ({ segments: path.split('.'), direction }));
  const keyOf = (item: Decorated<D>, i: number) => {
    while (item.keys.length <= i) {
      const { segments, direction } = keys[item.keys.length];
      item.keys.push(sortKeyOf(item.doc, segments, direction));
    }
    return item.keys[i];
  };
  const compare = (a: Decorated<D>, b: Decorated<D>) => {
    for (let i = 0; i < keys.length; i++) {
      const order = compareValues(keyOf(a, i), keyOf(b, i));
      if (order !== 0) return order * keys[i].direction;
    }
    return a.position - b.position;
  };
  const decorated: Array<Decorated<D>> = docs.map((doc, position) => ({ doc, position, keys: [] }));
  if (keep === undefined || keep >= decorated.length / 4) {
    return decorated
      .sort(compare)
      .slice(0, keep)
      .map((item) => item.doc);
  }
  const best: Array<Decorated<D>> = [];
  for (const item of decorated) {
    if (best.length === keep && compare(item, best[keep - 1]) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(best[middle], item) <= 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, item);
    if (best.length > keep) best.pop();
  }
  return best.map((item) => item.doc);
}
