/*
 * mingo's base modules (reachable through its package `exports`), not the package root's: the root
 * merges mingo's full default operator set over any given context, which would undo the overrides below.
 */
import { Aggregator } from 'mingo/aggregator';
import { Context } from 'mingo/core';
import { Lazy, type Iterator } from 'mingo/lazy';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import { $addFields, $group, $limit, $match, $project, $skip, $unwind } from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import { Query } from 'mingo/query';
import type { Filter, PipelineStage, Projection, SortSpec } from '../store.port';
import { sortDocuments } from '../shared/value-order';
import { compileScalarFilter } from './scalar-filter';

/**
 * mingo, set up the way the port needs it. Only the port's stages are registered, and two of them
 * are ours: $sort uses MongoDB's value order (value-order.ts) and $count yields no document for an
 * empty input, as MongoDB does (mingo yields a count of 0).
 */
const $sort = (collection: Iterator, spec: SortSpec) =>
  collection.transform((docs: unknown[]) => Lazy(sortDocuments(docs, spec)));

const $count = (collection: Iterator, field: string) =>
  collection.transform((docs: unknown[]) => Lazy(docs.length === 0 ? [] : [{ [field]: docs.length }]));

const context = Context.init({
  accumulator: accumulatorOperators,
  expression: expressionOperators,
  pipeline: { $addFields, $count, $group, $limit, $match, $project, $skip, $sort, $unwind } as never,
  projection: projectionOperators,
  query: queryOperators,
});

/**
 * What filters and projections need: the query operators (the port's guard refuses `$expr` and `$where`,
 * so no expression operator is reachable from a filter) and the projection ones (projections are 0/1 by
 * field). mingo copies every operator of the context into each Query it builds; with the full set (about
 * 220, mostly expression operators) that copy was the store's costliest step in the profile of the
 * mixed benchmark (docs/benchmarks.md 'After the gateway's held-read change').
 */
const queryContext = Context.init({ projection: projectionOperators, query: queryOperators });

/**
 * A filter as a test: scalar-filter.ts answers the documents it can, mingo the rest (and every filter
 * that test does not cover). For a filter the scalar test covers, mingo's query is built on first need,
 * as most reads never need it.
 */
export function compileFilter(filter: Filter): (doc: unknown) => boolean {
  if (Object.keys(filter).length === 0) return () => true;
  const scalar = compileScalarFilter(filter);
  let query = scalar ? undefined : new Query(filter, { context: queryContext });
  const byMingo = (doc: unknown) =>
    (query ??= new Query(filter, { context: queryContext })).test(doc as Record<string, unknown>);
  if (!scalar) return byMingo;
  return (doc) => scalar(doc as Record<string, unknown>) ?? byMingo(doc);
}

/** Projects copies of stored documents (the caller passes copies; mingo may share their sub-objects). */
export function project<R>(docs: unknown[], projection: Projection | undefined): R[] {
  if (!projection) return docs as R[];
  return new Query({}, { context: queryContext })
    .find(docs as Record<string, unknown>[], projection)
    .all() as R[];
}

export function runPipeline<R>(docs: unknown[], pipeline: PipelineStage[]): R[] {
  return new Aggregator(pipeline, { context }).run(docs as Record<string, unknown>[]) as R[];
}
