import type { UpdateSpec } from '../store.port';
import { InvalidStoreOperationError } from '../store.errors';
import { assertFieldPath, normalizeCondition, normalizeFilter } from './filter.guard';
import { isOperatorObject, isPlainObject, toStoreValue } from './store-value';

export type UpdateOperator = keyof UpdateSpec;

export const UPDATE_OPERATORS: readonly UpdateOperator[] = [
  '$set',
  '$unset',
  '$inc',
  '$push',
  '$addToSet',
  '$pull',
  '$setOnInsert',
  '$min',
  '$max',
];

/**
 * Validates an update and normalises its values (Dates → ISO strings) before either adapter applies
 * it. Checks MongoDB makes on the server (unknown operators, two operators on overlapping paths, writes
 * to `_id`) are made here too, so the embedded store refuses exactly what MongoDB refuses.
 */
export function normalizeUpdate(update: unknown): UpdateSpec {
  if (!isPlainObject(update) || Object.keys(update).length === 0) {
    throw invalid(
      'update',
      'must be a non-empty object of update operators (replacement documents are not supported)',
    );
  }
  const out: Record<string, Record<string, unknown>> = {};
  const paths: string[] = [];
  for (const [op, fields] of Object.entries(update)) {
    if (!UPDATE_OPERATORS.includes(op as UpdateOperator)) {
      throw invalid(`update.${op}`, 'is not a supported update operator');
    }
    if (!isPlainObject(fields) || Object.keys(fields).length === 0) {
      throw invalid(`update.${op}`, 'must be an object naming at least one field');
    }
    out[op] = {};
    for (const [path, arg] of Object.entries(fields)) {
      const at = `update.${op}.${path}`;
      assertFieldPath(path, at);
      if (arg === undefined) throw invalid(at, 'is undefined');
      // `_id` is immutable; an upsert may still choose it through $setOnInsert.
      if ((path === '_id' || path.startsWith('_id.')) && op !== '$setOnInsert') {
        throw invalid(at, 'would modify the immutable field _id');
      }
      out[op][path] = normalizeArgument(op as UpdateOperator, arg, at);
      paths.push(path);
    }
  }
  assertNoConflicts(paths);
  return out as UpdateSpec;
}

function normalizeArgument(op: UpdateOperator, arg: unknown, at: string): unknown {
  switch (op) {
    case '$unset':
      return '';
    case '$inc':
      if (typeof arg !== 'number' || !Number.isFinite(arg)) throw invalid(at, 'must be a finite number');
      return arg;
    case '$push':
      return isOperatorObject(arg) ? pushModifiers(arg, at, true) : toStoreValue(arg, { where: at });
    case '$addToSet':
      return isOperatorObject(arg) ? pushModifiers(arg, at, false) : toStoreValue(arg, { where: at });
    case '$pull':
      // MongoDB reads a document argument as a condition on document elements, not as an exact value.
      if (isOperatorObject(arg) || arg instanceof RegExp) return normalizeCondition(arg, at);
      return isPlainObject(arg) ? normalizeFilter(arg, at) : toStoreValue(arg, { where: at });
    default:
      return toStoreValue(arg, { where: at });
  }
}

function pushModifiers(
  arg: Record<string, unknown>,
  at: string,
  allowSlice: boolean,
): Record<string, unknown> {
  const allowed = allowSlice ? ['$each', '$slice'] : ['$each'];
  for (const key of Object.keys(arg)) {
    if (!allowed.includes(key))
      throw invalid(`${at}.${key}`, `is not supported (only ${allowed.join(', ')})`);
  }
  if (!Array.isArray(arg.$each)) throw invalid(`${at}.$each`, 'must be an array');
  const out: Record<string, unknown> = { $each: toStoreValue(arg.$each, { where: `${at}.$each` }) };
  if (arg.$slice !== undefined) {
    if (!Number.isInteger(arg.$slice)) throw invalid(`${at}.$slice`, 'must be an integer');
    out.$slice = arg.$slice;
  }
  return out;
}

/** MongoDB refuses `{ $set: { a: 1 }, $inc: { 'a.b': 1 } }`: one path may not contain another. */
function assertNoConflicts(paths: string[]): void {
  for (let i = 0; i < paths.length; i++) {
    for (let j = 0; j < paths.length; j++) {
      const [a, b] = [paths[i], paths[j]];
      if (i !== j && (a === b || b.startsWith(`${a}.`))) {
        throw invalid('update', `updating the path '${b}' would create a conflict at '${a}'`);
      }
    }
  }
}

function invalid(where: string, problem: string): InvalidStoreOperationError {
  return new InvalidStoreOperationError(`${where} ${problem}`);
}
