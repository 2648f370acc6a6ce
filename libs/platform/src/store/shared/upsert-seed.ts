import { randomUUID } from 'node:crypto';
import type { Filter, UpdateSpec } from '../store.port';
import { isOperatorObject } from './store-value';

/**
 * The fields an upsert's new document starts from, as MongoDB derives them: equality conditions at the
 * top level of the filter and inside `$and` (`{ slug: 'x' }`, `{ slug: { $eq: 'x' } }`). Range, regex
 * and `$or` conditions contribute nothing.
 */
export function upsertSeed(filter: Filter): Record<string, unknown> {
  const seed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and') {
      for (const clause of value as Filter[]) Object.assign(seed, upsertSeed(clause));
    } else if (key.startsWith('$')) {
      continue;
    } else if (!isOperatorObject(value)) {
      seed[key] = value;
    } else if ('$eq' in value) {
      seed[key] = value.$eq;
    }
  }
  return seed;
}

/**
 * The port's `_id`s are strings, so an upsert that names none must not let MongoDB invent an ObjectId:
 * both adapters add a generated string through $setOnInsert.
 */
export function withUpsertId(filter: Filter, update: UpdateSpec): UpdateSpec {
  if ('_id' in upsertSeed(filter) || update.$setOnInsert?._id !== undefined) return update;
  return { ...update, $setOnInsert: { ...update.$setOnInsert, _id: randomUUID() } };
}
