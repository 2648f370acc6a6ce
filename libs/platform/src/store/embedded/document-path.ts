import { InvalidStoreOperationError } from '../store.errors';

/**
 * Reading and writing one dotted path of a document the way MongoDB's update operators do: missing
 * objects on the way are created, a numeric segment indexes an array (padding with null), and a path
 * through a scalar is an error rather than a silent no-op.
 */
type Container = Record<string, unknown> | unknown[];

const isIndex = (segment: string) => /^\d+$/.test(segment);

function isContainer(value: unknown): value is Container {
  return value !== null && typeof value === 'object';
}

export function getField(doc: Record<string, unknown>, path: string): unknown {
  let current: unknown = doc;
  for (const segment of path.split('.')) {
    if (Array.isArray(current)) {
      if (!isIndex(segment)) return undefined;
      current = current[Number(segment)];
    } else if (isContainer(current)) {
      current = (current as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

export function setField(doc: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split('.');
  let current: Container = doc;
  for (let i = 0; i < segments.length - 1; i++) {
    const existing = read(current, segments[i], path);
    if (existing === undefined) {
      const created = {};
      write(current, segments[i], created, path);
      current = created;
    } else if (isContainer(existing)) {
      current = existing;
    } else {
      throw new InvalidStoreOperationError(
        `Cannot create field '${segments[i + 1]}' in element {${segments[i]}: ${JSON.stringify(existing)}} (path '${path}')`,
      );
    }
  }
  write(current, segments[segments.length - 1], value, path);
}

/** Removes a field; an array element is set to null instead (MongoDB keeps array positions). */
export function unsetField(doc: Record<string, unknown>, path: string): void {
  const segments = path.split('.');
  let current: unknown = doc;
  for (let i = 0; i < segments.length - 1; i++) {
    if (!isContainer(current)) return;
    if (Array.isArray(current) && !isIndex(segments[i])) return;
    current = (current as Record<string, unknown>)[segments[i]];
  }
  const last = segments[segments.length - 1];
  if (Array.isArray(current)) {
    if (isIndex(last) && Number(last) < current.length) current[Number(last)] = null;
  } else if (isContainer(current)) {
    delete (current as Record<string, unknown>)[last];
  }
}

function read(container: Container, segment: string, path: string): unknown {
  if (Array.isArray(container)) return container[arrayIndex(segment, path)];
  return container[segment];
}

function write(container: Container, segment: string, value: unknown, path: string): void {
  if (!Array.isArray(container)) {
    container[segment] = value;
    return;
  }
  const index = arrayIndex(segment, path);
  while (container.length < index) container.push(null);
  container[index] = value;
}

function arrayIndex(segment: string, path: string): number {
  if (!isIndex(segment)) {
    throw new InvalidStoreOperationError(`Cannot create field '${segment}' in an array (path '${path}')`);
  }
  return Number(segment);
}
