import type { PipelineStage } from '../store.port';
import { InvalidStoreOperationError } from '../store.errors';
import { normalizeFilter } from './filter.guard';
import { withIdTiebreak } from './find-options.guard';
import { isPlainObject, toStoreValue } from './store-value';

const ACCUMULATORS = new Set(['$sum', '$avg', '$max', '$min', '$first', '$last', '$push', '$addToSet']);
/** Operators that run caller-supplied code; refused at any depth of an expression. */
const CODE_OPERATORS = new Set(['$function', '$accumulator', '$where']);

/**
 * Validates a pipeline against the stages the port offers (PipelineStage) and normalises it the way
 * find is normalised: $match filters through the filter guard, every $sort gets the `_id` tiebreak.
 */
export function normalizePipeline(pipeline: unknown): PipelineStage[] {
  if (!Array.isArray(pipeline)) throw invalid('pipeline', 'must be an array of stages');
  return pipeline.map((stage, i) => normalizeStage(stage, `pipeline[${i}]`));
}

function normalizeStage(stage: unknown, at: string): PipelineStage {
  if (!isPlainObject(stage) || Object.keys(stage).length !== 1)
    throw invalid(at, 'must be an object with one stage');
  const [name, arg] = Object.entries(stage)[0];
  const stageAt = `${at}.${name}`;
  switch (name) {
    case '$match':
      return { $match: normalizeFilter(arg, stageAt) };
    case '$sort':
      return { $sort: withIdTiebreak(arg, stageAt) };
    case '$skip':
      if (!Number.isInteger(arg) || (arg as number) < 0) throw invalid(stageAt, 'must be an integer ≥ 0');
      return { $skip: arg as number };
    case '$limit':
      if (!Number.isInteger(arg) || (arg as number) < 1) throw invalid(stageAt, 'must be an integer ≥ 1');
      return { $limit: arg as number };
    case '$count':
      if (typeof arg !== 'string' || !/^[^$.][^.]*$/.test(arg))
        throw invalid(stageAt, 'must be a field name');
      return { $count: arg };
    case '$unwind':
      return { $unwind: unwindArgument(arg, stageAt) };
    case '$group':
      return { $group: groupArgument(arg, stageAt) };
    case '$project':
    case '$addFields':
      if (!isPlainObject(arg) || Object.keys(arg).length === 0)
        throw invalid(stageAt, 'must be a non-empty object');
      return { [name]: expression(arg, stageAt) } as PipelineStage;
    default:
      throw invalid(stageAt, 'is not a stage the document store port supports');
  }
}

function unwindArgument(
  arg: unknown,
  at: string,
): string | { path: string; preserveNullAndEmptyArrays?: boolean } {
  const isFieldRef = (value: unknown) => typeof value === 'string' && /^\$[^$]/.test(value);
  if (isFieldRef(arg)) return arg as string;
  if (isPlainObject(arg) && isFieldRef(arg.path)) {
    const keys = Object.keys(arg);
    if (keys.every((key) => key === 'path' || key === 'preserveNullAndEmptyArrays')) {
      if (
        arg.preserveNullAndEmptyArrays === undefined ||
        typeof arg.preserveNullAndEmptyArrays === 'boolean'
      ) {
        return arg as { path: string; preserveNullAndEmptyArrays?: boolean };
      }
    }
  }
  throw invalid(at, "must be '$field' or { path: '$field', preserveNullAndEmptyArrays?: boolean }");
}

function groupArgument(arg: unknown, at: string): { _id: unknown; [field: string]: unknown } {
  if (!isPlainObject(arg) || !('_id' in arg)) throw invalid(at, 'must be an object with _id');
  for (const [field, accumulator] of Object.entries(arg)) {
    if (field === '_id') continue;
    const ops = isPlainObject(accumulator) ? Object.keys(accumulator) : [];
    if (ops.length !== 1 || !ACCUMULATORS.has(ops[0])) {
      throw invalid(`${at}.${field}`, `must use one accumulator of ${[...ACCUMULATORS].join(', ')}`);
    }
  }
  return expression(arg, at) as { _id: unknown };
}

function expression(value: Record<string, unknown>, at: string): Record<string, unknown> {
  assertNoCode(value, at);
  return toStoreValue(value, { where: at, allowOperatorKeys: true }) as Record<string, unknown>;
}

function assertNoCode(value: unknown, at: string): void {
  if (Array.isArray(value)) value.forEach((item) => assertNoCode(item, at));
  else if (isPlainObject(value)) {
    for (const [key, member] of Object.entries(value)) {
      if (CODE_OPERATORS.has(key)) throw invalid(at, `uses ${key}, which runs code and is refused`);
      assertNoCode(member, at);
    }
  }
}

function invalid(where: string, problem: string): InvalidStoreOperationError {
  return new InvalidStoreOperationError(`${where} ${problem}`);
}
