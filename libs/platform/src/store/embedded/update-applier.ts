import type { UpdateSpec } from '../store.port';
import { InvalidStoreOperationError } from '../store.errors';
import { cloneJson, isOperatorObject, isPlainObject } from '../shared/store-value';
import { compareValues } from '../shared/value-order';
import { getField, setField, unsetField } from './document-path';
import { compileFilter } from './mingo-engine';

type Doc = Record<string, unknown>;

/**
 * Applies a validated update (see update.guard.ts) to a document, in place. Our own applier rather
 * than mingo's: mingo silently ignores `$inc` on a string and `$push` onto a non-array and lets
 * `$addToSet` `$each` add duplicates, where MongoDB fails or dedupes; the store must match MongoDB.
 *
 * Returns the updated document: `doc` itself, or after an `$unset` a compact copy. Deleting a field turns
 * a V8 object into a dictionary (about 450 bytes more), and the store keeps what this returns for as long
 * as the document lives: every send record once its claim is unset, every document once its outbox entry
 * is cleared.
 */
export function applyUpdate(doc: Doc, update: UpdateSpec, inserting: boolean): Doc {
  for (const [op, fields] of Object.entries(update) as Array<[keyof UpdateSpec, Record<string, unknown>]>) {
    for (const [path, arg] of Object.entries(fields)) {
      switch (op) {
        case '$set':
          setField(doc, path, arg);
          break;
        case '$setOnInsert':
          if (inserting) setField(doc, path, arg);
          break;
        case '$unset':
          unsetField(doc, path);
          break;
        case '$inc':
          inc(doc, path, arg as number);
          break;
        case '$min':
        case '$max':
          minMax(doc, path, arg, op === '$min' ? -1 : 1);
          break;
        case '$push':
          push(doc, path, arg);
          break;
        case '$addToSet':
          addToSet(doc, path, arg);
          break;
        case '$pull':
          pull(doc, path, arg);
          break;
      }
    }
  }
  return '$unset' in update ? cloneJson(doc) : doc;
}

function inc(doc: Doc, path: string, by: number): void {
  const current = getField(doc, path);
  if (current === undefined) return setField(doc, path, by);
  if (typeof current !== 'number') throw typeMismatch(doc, path, '$inc', 'a number', current);
  setField(doc, path, current + by);
}

function minMax(doc: Doc, path: string, value: unknown, keepWhen: 1 | -1): void {
  const current = getField(doc, path);
  if (current === undefined || Math.sign(compareValues(value, current)) === keepWhen)
    setField(doc, path, value);
}

function push(doc: Doc, path: string, arg: unknown): void {
  const modifiers = isOperatorObject(arg) ? (arg as { $each: unknown[]; $slice?: number }) : { $each: [arg] };
  const next = [...arrayAt(doc, path, '$push'), ...modifiers.$each];
  const { $slice } = modifiers;
  if ($slice === undefined) return setField(doc, path, next);
  setField(doc, path, $slice >= 0 ? next.slice(0, $slice) : next.slice(Math.max(next.length + $slice, 0)));
}

function addToSet(doc: Doc, path: string, arg: unknown): void {
  const items = isOperatorObject(arg) ? (arg as { $each: unknown[] }).$each : [arg];
  const next = [...arrayAt(doc, path, '$addToSet')];
  for (const item of items) {
    if (!next.some((existing) => compareValues(existing, item) === 0)) next.push(item);
  }
  setField(doc, path, next);
}

function pull(doc: Doc, path: string, condition: unknown): void {
  const current = getField(doc, path);
  if (current === undefined) return;
  if (!Array.isArray(current)) throw typeMismatch(doc, path, '$pull', 'an array', current);
  const matches = pullMatcher(condition);
  const kept = current.filter((item) => !matches(item));
  if (kept.length !== current.length) setField(doc, path, kept);
}

/** `{ $gte: 5 }` tests each element; `{ qty: 0 }` is a query on document elements; else equality. */
function pullMatcher(condition: unknown): (item: unknown) => boolean {
  if (isOperatorObject(condition)) {
    const test = compileFilter({ value: condition });
    return (item) => test({ value: item });
  }
  if (isPlainObject(condition)) {
    const test = compileFilter(condition);
    return (item) => isPlainObject(item) && test(item);
  }
  return (item) => compareValues(item, condition) === 0;
}

function arrayAt(doc: Doc, path: string, op: string): unknown[] {
  const current = getField(doc, path);
  if (current === undefined) return [];
  if (!Array.isArray(current)) throw typeMismatch(doc, path, op, 'an array', current);
  return current;
}

function typeMismatch(
  doc: Doc,
  path: string,
  op: string,
  wanted: string,
  found: unknown,
): InvalidStoreOperationError {
  const type = found === null ? 'null' : Array.isArray(found) ? 'array' : typeof found;
  return new InvalidStoreOperationError(
    `Cannot apply ${op} to '${path}' of document ${JSON.stringify(doc._id)}: it holds ${type}, not ${wanted}`,
  );
}
