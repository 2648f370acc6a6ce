import type { Filter } from '../store.port';
import { InvalidStoreOperationError } from '../store.errors';
import { isOperatorObject, isPlainObject, toStoreValue } from './store-value';

/**
 * Validates and normalises a filter before either adapter runs it. Only the operators below pass:
 * they are what repositories need, what mingo and the MongoDB-compatible test server both implement,
 * and none of them runs code ($where, $function and $expr are refused).
 */
const LOGICAL_OPERATORS = new Set(['$and', '$or', '$nor']);
const VALUE_OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte']);
const LIST_OPERATORS = new Set(['$in', '$nin', '$all']);
const REGEX_FLAGS = /^[ims]*$/;

export function normalizeFilter(filter: unknown, where = 'filter'): Filter {
  if (filter === undefined) return {};
  if (!isPlainObject(filter)) throw invalid(where, 'must be a plain object');
  const out: Filter = {};
  for (const [key, value] of Object.entries(filter)) {
    const at = `${where}.${key}`;
    if (LOGICAL_OPERATORS.has(key)) {
      if (!Array.isArray(value) || value.length === 0)
        throw invalid(at, 'must be a non-empty array of filters');
      out[key] = value.map((clause, i) => normalizeFilter(clause, `${at}[${i}]`));
    } else if (key.startsWith('$')) {
      throw invalid(at, `operator ${key} is not supported by the document store port`);
    } else {
      assertFieldPath(key, at);
      out[key] = normalizeCondition(value, at);
    }
  }
  return out;
}

/** A dotted path whose segments are plain names or array indexes (no positional `$`). */
export function assertFieldPath(path: string, where: string): void {
  if (
    path.split('.').some((segment) => segment === '' || segment.startsWith('$') || segment.includes('\0'))
  ) {
    throw invalid(where, `'${path}' is not a valid field path`);
  }
}

/** The value a field is matched against: a literal, a RegExp, or an object of field operators. */
export function normalizeCondition(value: unknown, at: string): unknown {
  // Dropping an undefined condition would widen `{ ownerId: undefined }` to every document.
  if (value === undefined) throw invalid(at, 'is undefined; a filter value must be given explicitly');
  if (value instanceof RegExp) return regexCondition(value, at);
  if (isOperatorObject(value)) return normalizeOperators(value, at);
  return toStoreValue(value, { where: at });
}

function normalizeOperators(ops: Record<string, unknown>, at: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [op, arg] of Object.entries(ops)) {
    const opAt = `${at}.${op}`;
    if (!op.startsWith('$')) throw invalid(at, `mixes operators and field names ('${op}')`);
    if (arg === undefined) throw invalid(opAt, 'is undefined');
    if (VALUE_OPERATORS.has(op)) {
      if (arg instanceof RegExp) throw invalid(opAt, 'takes a value, not a RegExp; use $regex');
      out[op] = toStoreValue(arg, { where: opAt });
    } else if (LIST_OPERATORS.has(op)) {
      if (!Array.isArray(arg)) throw invalid(opAt, 'must be an array');
      out[op] = toStoreValue(arg, { where: opAt });
    } else if (op === '$exists') {
      if (typeof arg !== 'boolean') throw invalid(opAt, 'must be true or false');
      out[op] = arg;
    } else if (op === '$size') {
      if (!Number.isInteger(arg) || (arg as number) < 0)
        throw invalid(opAt, 'must be a non-negative integer');
      out[op] = arg;
    } else if (op === '$regex') {
      Object.assign(out, regexArgument(arg, ops.$options, opAt));
    } else if (op === '$options') {
      if (!('$regex' in ops)) throw invalid(opAt, 'needs $regex');
    } else if (op === '$not') {
      if (arg instanceof RegExp) out[op] = regexCondition(arg, opAt);
      else if (isOperatorObject(arg)) out[op] = normalizeOperators(arg, opAt);
      else throw invalid(opAt, 'takes an operator object or a RegExp');
    } else if (op === '$elemMatch') {
      if (!isPlainObject(arg)) throw invalid(opAt, 'takes an object');
      // `{ $gte: 80 }` matches scalar elements; `{ qty: 5 }` is a filter on document elements.
      const valueForm = Object.keys(arg).every((key) => key.startsWith('$') && !LOGICAL_OPERATORS.has(key));
      out[op] =
        valueForm && Object.keys(arg).length > 0 ? normalizeOperators(arg, opAt) : normalizeFilter(arg, opAt);
    } else {
      throw invalid(opAt, `operator ${op} is not supported by the document store port`);
    }
  }
  return out;
}

function regexCondition(regex: RegExp, at: string): Record<string, string> {
  return regexArgument(regex.source, regex.flags, at);
}

/** Both adapters get `{ $regex: source, $options: flags }`: portable, and JSON for the write-ahead log. */
function regexArgument(pattern: unknown, options: unknown, at: string): Record<string, string> {
  const source = pattern instanceof RegExp ? pattern.source : pattern;
  const flags = `${pattern instanceof RegExp ? pattern.flags : ''}${options ?? ''}`;
  if (typeof source !== 'string') throw invalid(at, 'must be a string or a RegExp');
  if (typeof flags !== 'string' || !REGEX_FLAGS.test(flags)) {
    throw invalid(at, `regex flags '${String(flags)}' are not supported (only i, m, s)`);
  }
  const unique = [...new Set(flags)].join('');
  return unique ? { $regex: source, $options: unique } : { $regex: source };
}

function invalid(where: string, problem: string): InvalidStoreOperationError {
  return new InvalidStoreOperationError(`${where} ${problem}`);
}
