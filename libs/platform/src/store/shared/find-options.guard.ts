import type { FindOptions, Projection, SortSpec } from '../store.port';
import { InvalidStoreOperationError } from '../store.errors';
import { assertFieldPath } from './filter.guard';
import { isPlainObject } from './store-value';

export interface NormalizedFindOptions {
  sort: SortSpec;
  skip: number;
  limit: number | undefined;
  projection: Projection | undefined;
}

/**
 * Appends `_id: 1` to a sort that does not name `_id`, so ties come out in the same order on both
 * adapters (MongoDB leaves tied documents in whatever order its plan produced) and pages never overlap.
 * With no sort at all the order is `_id`'s.
 */
export function withIdTiebreak(sort: unknown, where = 'sort'): SortSpec {
  if (sort === undefined) return { _id: 1 };
  if (!isPlainObject(sort) || Object.keys(sort).length === 0) {
    throw new InvalidStoreOperationError(`${where} must be a non-empty object of field: 1 | -1`);
  }
  for (const [path, direction] of Object.entries(sort)) {
    assertFieldPath(path, `${where}.${path}`);
    if (direction !== 1 && direction !== -1) {
      throw new InvalidStoreOperationError(`${where}.${path} must be 1 or -1`);
    }
  }
  const spec = sort as SortSpec;
  return '_id' in spec ? { ...spec } : { ...spec, _id: 1 };
}

export function normalizeProjection(projection: unknown): Projection | undefined {
  if (projection === undefined) return undefined;
  if (!isPlainObject(projection)) throw new InvalidStoreOperationError('projection must be an object');
  let including: boolean | undefined;
  for (const [path, flag] of Object.entries(projection)) {
    assertFieldPath(path, `projection.${path}`);
    if (![0, 1, true, false].includes(flag as number | boolean)) {
      throw new InvalidStoreOperationError(`projection.${path} must be 0, 1, true or false`);
    }
    if (path === '_id') continue;
    const include = flag === 1 || flag === true;
    // MongoDB refuses a projection that both includes and excludes (other than `_id`).
    if (including !== undefined && including !== include) {
      throw new InvalidStoreOperationError('projection cannot mix inclusion and exclusion (except _id)');
    }
    including = include;
  }
  return Object.keys(projection).length === 0 ? undefined : (projection as Projection);
}

export function normalizeFindOptions(options: FindOptions = {}): NormalizedFindOptions {
  const { skip = 0, limit } = options;
  if (!Number.isInteger(skip) || skip < 0)
    throw new InvalidStoreOperationError('skip must be an integer ≥ 0');
  // MongoDB reads limit 0 as "no limit"; a caller passing 0 almost surely meant something else.
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    throw new InvalidStoreOperationError('limit must be an integer ≥ 1 (omit it for no limit)');
  }
  return {
    sort: withIdTiebreak(options.sort),
    skip,
    limit,
    projection: normalizeProjection(options.projection),
  };
}
