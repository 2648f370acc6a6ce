/**
 * One in-flight promise per key: concurrent callers of a cold cache entry share one loader call instead
 * of stampeding the database. Process-local by design; across replicas a short TTL bounds the waste.
 */
export class SingleFlight {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const existing = this.inFlight.get(key);
    if (existing) return existing as Promise<T>;
    const started = work().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }
}

/** The read-through both adapters share; the cache check runs inside the flight so late joiners never reload. */
export function readThrough<T>(
  flights: SingleFlight,
  key: string,
  ttlMs: number,
  loader: () => Promise<T>,
  cache: {
    get(key: string): Promise<unknown>;
    set(key: string, value: unknown, ttlMs?: number): Promise<void>;
  },
): Promise<T> {
  return flights.run(key, async () => {
    const hit = await cache.get(key);
    if (hit !== undefined) return hit as T;
    const loaded = await loader();
    if (loaded !== undefined) await cache.set(key, loaded, ttlMs);
    return loaded;
  });
}

export function assertTtl(ttlMs: number | undefined): void {
  if (ttlMs !== undefined && !(Number.isInteger(ttlMs) && ttlMs > 0)) {
    throw new RangeError(`ttlMs must be a positive integer of milliseconds, got ${ttlMs}`);
  }
}

export function assertInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be an integer, got ${value}`);
}
