import type { Iterator } from 'mingo/types/lazy';

/*
 * mingo's base modules are only reachable through its package `exports`, which this repository's
 * TypeScript resolution (node10) does not read: load them with require and take their types from the
 * package's declaration files. The base classes, not the package root's: those merge mingo's full
 * default operator set over any given context, which would undo the overrides below.
 */
const { Aggregator } = require('mingo/aggregator') as typeof import('mingo/types/aggregator');
const { Context } = require('mingo/core') as typeof import('mingo/types/core');
const { Query } = require('mingo/query') as typeof import('mingo/types/query');
const { Lazy } = require('mingo/lazy') as typeof import('mingo/types/lazy');
const accumulatorOperators =
  require('mingo/operators/accumulator') as typeof import('mingo/types/operators/accumulator');
const expressionOperators =
  require('mingo/operators/expression') as typeof import('mingo/types/operators/expression');
const { $addFields, $group, $limit, $match, $project, $skip, $unwind } =
  require('mingo/operators/pipeline') as typeof import('mingo/types/operators/pipeline');
const projectionOperators =
  require('mingo/operators/projection') as typeof import('mingo/types/operators/projection');
const queryOperators = require('mingo/operators/query') as typeof import('mingo/types/operators/query');
import type { Filter, PipelineStage, Projection, SortSpec } from '../store.port';
import { sortDocuments } from '../shared/value-order';

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

export function compileFilter(filter: Filter): (doc: unknown) => boolean {
  if (Object.keys(filter).length === 0) return () => true;
  const query = new Query(filter, { context });
  return (doc) => query.test(doc as Record<string, unknown>);
}

/** Projects copies of stored documents (the caller passes copies; mingo may share their sub-objects). */
export function project<R>(docs: unknown[], projection: Projection | undefined): R[] {
  if (!projection) return docs as R[];
  return new Query({}, { context }).find(docs as Record<string, unknown>[], projection).all() as R[];
}

export function runPipeline<R>(docs: unknown[], pipeline: PipelineStage[]): R[] {
  return new Aggregator(pipeline, { context }).run(docs as Record<string, unknown>[]) as R[];
}
