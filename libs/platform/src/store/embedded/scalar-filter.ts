import type { Filter } from '../store.port';
import { isOperatorObject } from '../shared/store-value';

/**
 * A document's answer to a filter: true or false, or undefined when the document holds a value this
 * matcher leaves to mingo (an array, an object, NaN or -0 where the filter looks).
 */
export type Verdict = boolean | undefined;
export type ScalarTest = (doc: Record<string, unknown>) => Verdict;

type Scalar = string | number | boolean | null;
type Lookup = Scalar | undefined | typeof DEFER;

const DEFER = Symbol('defer');
const LOGICAL = new Set(['$and', '$or', '$nor']);
const RANGE = new Set(['$gt', '$gte', '$lt', '$lte']);

/**
 * Most filters the repositories send compare plain fields with plain values: `{ articleId, depth: 0,
 * $or: [{ state: 'visible' }, { visibleDescendants: { $gt: 0 } }] }`. For such a filter this compiles a
 * test that gives mingo's answer for a document whose fields it reads hold strings, numbers, booleans,
 * null or nothing, at a fraction of mingo's cost (mingo resolves each path through its generic value
 * walk and comparison for every document; on a thread of 1,000 comments that was most of a read's
 * time: docs/benchmarks.md 'A thread's reads against its size'). It returns undefined for a document
 * it cannot answer, and the caller asks mingo; so arrays (matched element by element), sub-documents
 * and every operator outside the list below keep mingo's semantics exactly.
 *
 * The semantics reproduced are mingo's (7.x), which the store contract suite holds to MongoDB's:
 * equality is strict, and null equals null or a missing field; a range compares only values of the
 * operand's own type; $in is equality with any listed value; $ne, $nin and $nor negate.
 *
 * Returns undefined when the filter itself uses anything else; the caller then runs mingo alone.
 */
export function compileScalarFilter(filter: Filter): ScalarTest | undefined {
  const tests: ScalarTest[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    const test = LOGICAL.has(key) ? logical(key, condition) : field(key, condition);
    if (!test) return undefined;
    tests.push(test);
  }
  return all(tests);
}

function logical(operator: string, clauses: unknown): ScalarTest | undefined {
  if (!Array.isArray(clauses) || clauses.length === 0) return undefined;
  const tests: ScalarTest[] = [];
  for (const clause of clauses) {
    if (clause === null || typeof clause !== 'object' || Array.isArray(clause)) return undefined;
    const test = compileScalarFilter(clause as Filter);
    if (!test) return undefined;
    tests.push(test);
  }
  if (operator === '$and') return all(tests);
  const some = any(tests);
  return operator === '$or' ? some : (doc) => not(some(doc));
}

function field(path: string, condition: unknown): ScalarTest | undefined {
  const segments = path.split('.');
  // Array positions, and names an object inherits, are left to mingo's path walk.
  if (segments.some((segment) => /^\d+$/.test(segment) || segment in Object.prototype)) return undefined;
  const checks: Array<(value: Scalar | undefined) => boolean> = [];
  if (isOperatorObject(condition)) {
    for (const [operator, operand] of Object.entries(condition)) {
      const check = operatorCheck(operator, operand);
      if (!check) return undefined;
      checks.push(check);
    }
  } else if (isScalar(condition)) {
    checks.push((value) => equals(value, condition));
  } else return undefined;
  return (doc) => {
    const value = lookup(doc, segments);
    if (value === DEFER) return undefined;
    for (const check of checks) if (!check(value)) return false;
    return true;
  };
}

function operatorCheck(
  operator: string,
  operand: unknown,
): ((value: Scalar | undefined) => boolean) | undefined {
  if (operator === '$eq' || operator === '$ne') {
    if (!isScalar(operand)) return undefined;
    return operator === '$eq' ? (value) => equals(value, operand) : (value) => !equals(value, operand);
  }
  if (operator === '$in' || operator === '$nin') {
    if (!Array.isArray(operand) || !operand.every(isScalar)) return undefined;
    const listed = operand as Scalar[];
    const within = (value: Scalar | undefined) => listed.some((candidate) => equals(value, candidate));
    return operator === '$in' ? within : (value) => !within(value);
  }
  if (RANGE.has(operator)) {
    if (!isScalar(operand) || operand === null) return undefined;
    const type = typeof operand;
    const inRange =
      operator === '$gt'
        ? (value: Scalar) => value! > operand
        : operator === '$gte'
          ? (value: Scalar) => value! >= operand
          : operator === '$lt'
            ? (value: Scalar) => value! < operand
            : (value: Scalar) => value! <= operand;
    return (value) => typeof value === type && inRange(value as Scalar);
  }
  if (operator === '$exists' && typeof operand === 'boolean')
    return (value) => (value !== undefined) === operand;
  return undefined;
}

/** mingo's $eq for a scalar field: the same value, or null against null or nothing. */
function equals(value: Scalar | undefined, operand: Scalar): boolean {
  return operand === null ? value === null || value === undefined : value === operand;
}

/** NaN and -0 compare differently in mingo's equality and hashing; they are left to it. */
function isScalar(value: unknown): value is Scalar {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  return typeof value === 'number' && !Number.isNaN(value) && !Object.is(value, -0);
}

/** The field's value: a scalar, undefined when missing, DEFER when an array or object is on the way or at the end. */
function lookup(doc: Record<string, unknown>, segments: readonly string[]): Lookup {
  let value: unknown = doc;
  for (const segment of segments) {
    if (value === null || typeof value !== 'object') return undefined;
    if (Array.isArray(value)) return DEFER;
    value = (value as Record<string, unknown>)[segment];
  }
  if (value === undefined || isScalar(value)) return value;
  return DEFER;
}

/**
 * Three-valued AND (`decisive` false) or OR (`decisive` true): one test answering `decisive` settles it;
 * otherwise any undefined answer leaves the document to mingo.
 */
function combine(tests: readonly ScalarTest[], decisive: boolean): ScalarTest {
  return (doc) => {
    let verdict: Verdict = !decisive;
    for (const test of tests) {
      const one = test(doc);
      if (one === decisive) return decisive;
      if (one === undefined) verdict = undefined;
    }
    return verdict;
  };
}

const all = (tests: readonly ScalarTest[]) => combine(tests, false);
const any = (tests: readonly ScalarTest[]) => combine(tests, true);

const not = (verdict: Verdict): Verdict => (verdict === undefined ? undefined : !verdict);
