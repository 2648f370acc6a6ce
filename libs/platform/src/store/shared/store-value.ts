import { InvalidStoreOperationError } from '../store.errors';

/**
 * Turns what a caller passed into the JSON value both adapters store (see the rules in store.port.ts):
 * Dates become ISO strings, `undefined` object members disappear, anything JSON cannot hold is refused.
 * Done once at the port boundary so the embedded store and MongoDB see identical input.
 */
export interface ValueRules {
  /** Where the value came from, for error messages: 'document', '$set.title', '$match'. */
  where: string;
  /** Plain objects may carry `$` keys (aggregation expressions); documents and literals may not. */
  allowOperatorKeys?: boolean;
}

export function toStoreValue(value: unknown, rules: ValueRules): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail(rules, `non-finite number ${value}`);
    return value;
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) fail(rules, 'an invalid Date');
    return value.toISOString();
  }
  // JSON turns undefined array slots into null; keep that meaning so both adapters agree.
  if (Array.isArray(value))
    return value.map((item) => (item === undefined ? null : toStoreValue(item, rules)));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      if (member === undefined) continue;
      if (!rules.allowOperatorKeys) assertFieldName(key, rules.where);
      out[key] = toStoreValue(member, rules);
    }
    return out;
  }
  return fail(rules, `a ${describeType(value)}, which is not a JSON value`);
}

export type StoredDocument = Record<string, unknown> & { _id: string };

/** A document as both adapters store it; `_id` must be a non-empty string (the port never makes ObjectIds). */
export function toStoreDocument(doc: unknown, where = 'document'): StoredDocument {
  if (!isPlainObject(doc)) throw new InvalidStoreOperationError(`${where} must be a plain object`);
  if (typeof doc._id !== 'string' || doc._id === '') {
    throw new InvalidStoreOperationError(`${where} needs a non-empty string _id`);
  }
  return toStoreValue(doc, { where }) as StoredDocument;
}

/** Field names in stored documents: what MongoDB can hold as a plain field and the embedded store can too. */
export function assertFieldName(key: string, where: string): void {
  // '__proto__' would set the copy's prototype instead of a field.
  if (key === '' || key === '__proto__' || key.startsWith('$') || key.includes('.') || key.includes('\0')) {
    throw new InvalidStoreOperationError(
      `Field name '${key}' in ${where} is not allowed: names must be non-empty, must not start with '$' and must not contain '.'`,
    );
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function isOperatorObject(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && Object.keys(value).some((key) => key.startsWith('$'));
}

/**
 * Deep copy of a stored JSON value; faster than structuredClone for the small documents we hold. The copy
 * is built key by key, so it keeps its fields in V8's fast layout even when the original was a dictionary
 * (what deleting a field makes of an object; ARCHITECTURE.md 'The embedded store's memory').
 */
export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = cloneJson((value as Record<string, unknown>)[key]);
  return out as T;
}

function describeType(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value !== 'object') return typeof value;
  return (value as object).constructor?.name ?? 'object';
}

function fail(rules: ValueRules, what: string): never {
  throw new InvalidStoreOperationError(`${rules.where} holds ${what}`);
}
