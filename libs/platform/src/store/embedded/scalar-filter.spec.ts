import { Context } from 'mingo/core';
import * as queryOperators from 'mingo/operators/query';
import { Query } from 'mingo/query';
import { seededRandom } from '@pulse/testing';
import type { Filter } from '../store.port';
import { compileFilter } from './mingo-engine';
import { compileScalarFilter } from './scalar-filter';

const context = Context.init({ query: queryOperators });
const byMingo = (filter: Filter, doc: Record<string, unknown>) => new Query(filter, { context }).test(doc);

/** Seeded, so a failure names a case that can be replayed. */
function random(seed: number) {
  const next = seededRandom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  return { next, pick };
}

type Random = ReturnType<typeof random>;

// Values chosen to collide: the same text and number in several types, null, empty string, zero.
const SCALARS = [0, 1, 2, -1, 1.5, '0', '1', '2', 'a', 'b', '', 'visible', true, false, null];
const FIELDS = ['state', 'score', 'tags', 'author.name', 'author.level'];

function value(r: Random, depth = 0): unknown {
  const roll = r.next();
  if (roll < 0.65 || depth > 1) return r.pick(SCALARS);
  if (roll < 0.8) return Array.from({ length: Math.floor(r.next() * 3) }, () => value(r, depth + 1));
  if (roll < 0.9) return { name: value(r, depth + 1) };
  return Number.NaN;
}

function doc(r: Random): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of ['state', 'score', 'tags']) if (r.next() < 0.85) out[name] = value(r);
  const author = r.next();
  if (author < 0.6) {
    const inner: Record<string, unknown> = {};
    if (r.next() < 0.8) inner.name = value(r);
    if (r.next() < 0.8) inner.level = value(r);
    out.author = inner;
  } else if (author < 0.7) out.author = [{ name: value(r) }, { level: value(r) }];
  else if (author < 0.8) out.author = r.pick(SCALARS);
  return out;
}

function condition(r: Random): unknown {
  const roll = r.next();
  if (roll < 0.25) return r.pick(SCALARS);
  const operators: Record<string, unknown> = {};
  const count = 1 + Math.floor(r.next() * 2);
  for (let i = 0; i < count; i++) {
    const operator = r.pick(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists', '$size']);
    if (operator === '$in' || operator === '$nin')
      operators[operator] = Array.from({ length: Math.floor(r.next() * 4) }, () => r.pick(SCALARS));
    else if (operator === '$exists') operators[operator] = r.next() < 0.5;
    else if (operator === '$size') operators[operator] = Math.floor(r.next() * 3);
    else operators[operator] = r.pick(SCALARS);
  }
  return operators;
}

function filter(r: Random, depth = 0): Filter {
  const out: Filter = {};
  const count = 1 + Math.floor(r.next() * 2);
  for (let i = 0; i < count; i++) {
    if (depth < 2 && r.next() < 0.25) {
      const operator = r.pick(['$and', '$or', '$nor']);
      out[operator] = Array.from({ length: 1 + Math.floor(r.next() * 3) }, () => filter(r, depth + 1));
    } else out[r.pick(FIELDS)] = condition(r);
  }
  return out;
}

describe('the scalar filter test', () => {
  it("gives mingo's answer for every document, on 20,000 random filters and documents", () => {
    const r = random(20261201);
    let answered = 0;
    let deferred = 0;
    let uncovered = 0;
    for (let i = 0; i < 20_000; i++) {
      const f = filter(r);
      const d = doc(r);
      const expected = byMingo(f, d);
      const scalar = compileScalarFilter(f);
      if (!scalar) uncovered++;
      else if (scalar(d) === undefined) deferred++;
      else {
        answered++;
        if (scalar(d) !== expected) throw new Error(`case ${i}: ${JSON.stringify({ f, d, expected })}`);
      }
      // What the store runs: the scalar answer, else mingo's.
      if (compileFilter(f)(d) !== expected)
        throw new Error(`compileFilter, case ${i}: ${JSON.stringify({ f, d })}`);
    }
    // Most cases must be answered by the scalar test itself, or this compares nothing.
    expect(answered).toBeGreaterThan(10_000);
    expect(deferred).toBeGreaterThan(500);
    expect(uncovered).toBeGreaterThan(500);
  });

  it('answers the thread filter without mingo for plain documents, and defers arrays and sub-documents', () => {
    const thread = compileScalarFilter({
      articleId: 'a1',
      depth: 0,
      $or: [{ state: 'visible' }, { visibleDescendants: { $gt: 0 } }],
    })!;
    expect(thread({ articleId: 'a1', depth: 0, state: 'visible' })).toBe(true);
    expect(thread({ articleId: 'a1', depth: 0, state: 'deleted', visibleDescendants: 2 })).toBe(true);
    expect(thread({ articleId: 'a1', depth: 0, state: 'deleted', visibleDescendants: 0 })).toBe(false);
    expect(thread({ articleId: 'a1', depth: 0, state: 'deleted' })).toBe(false);
    expect(thread({ articleId: 'a2', depth: 0, state: 'visible' })).toBe(false);
    expect(thread({ articleId: ['a1'], depth: 0, state: 'visible' })).toBeUndefined();
    expect(thread({ articleId: 'a1', depth: 0, state: { v: 1 } })).toBeUndefined();
  });

  it('leaves to mingo the filters it does not cover', () => {
    expect(compileScalarFilter({ tags: { $size: 2 } })).toBeUndefined();
    expect(compileScalarFilter({ tags: ['a', 'b'] })).toBeUndefined();
    expect(compileScalarFilter({ 'tags.0': 'a' })).toBeUndefined();
    expect(compileScalarFilter({ constructor: 'a' })).toBeUndefined();
    expect(compileScalarFilter({ score: { $gt: null } })).toBeUndefined();
    expect(compileScalarFilter({ score: Number.NaN })).toBeUndefined();
  });
});
