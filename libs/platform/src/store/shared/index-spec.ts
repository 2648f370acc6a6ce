import type { IndexSpec } from '../store.port';
import { InvalidStoreOperationError } from '../store.errors';
import { assertFieldPath } from './filter.guard';
import { isPlainObject } from './store-value';

export interface NormalizedIndexSpec {
  name: string;
  key: Record<string, 1 | -1>;
  unique: boolean;
}

/** Checks an index spec and names it as MongoDB would ('category_1_publishedAt_-1'). */
export function normalizeIndexSpec(spec: IndexSpec): NormalizedIndexSpec {
  if (!isPlainObject(spec) || !isPlainObject(spec.key) || Object.keys(spec.key).length === 0) {
    throw new InvalidStoreOperationError('index spec needs a non-empty key');
  }
  for (const [path, direction] of Object.entries(spec.key)) {
    assertFieldPath(path, `index key ${path}`);
    if (direction !== 1 && direction !== -1)
      throw new InvalidStoreOperationError(`index key ${path} must be 1 or -1`);
  }
  const fields = Object.keys(spec.key);
  if (fields.length === 1 && fields[0] === '_id') {
    throw new InvalidStoreOperationError('_id is always indexed and unique; declare no index on it');
  }
  const name =
    spec.name ??
    Object.entries(spec.key)
      .map(([path, direction]) => `${path}_${direction}`)
      .join('_');
  return { name, key: { ...spec.key }, unique: spec.unique === true };
}

/** Same name, same meaning: anything else is a conflict MongoDB refuses too. */
export function sameIndex(a: NormalizedIndexSpec, b: NormalizedIndexSpec): boolean {
  return a.name === b.name && a.unique === b.unique && JSON.stringify(a.key) === JSON.stringify(b.key);
}

/**
 * Collection names both adapters accept and the embedded store can use in file names: letters, digits,
 * `_`, `-`, `.`; not starting with '.' or 'system.' (MongoDB reserves those).
 */
export function assertCollectionName(name: string): void {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,119}$/.test(name) || name.startsWith('system.')) {
    throw new InvalidStoreOperationError(
      `Collection name '${name}' is not allowed: use letters, digits, '_', '-' or '.', not starting with '.' or 'system.'`,
    );
  }
}
