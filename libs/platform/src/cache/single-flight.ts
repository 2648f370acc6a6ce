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

/**
 * The read-through both adapters share; the cache check runs inside the flight so late joiners never
 * reload. A cache that cannot answer (Redis away) is a miss and its write is skipped: the loader's value is
 * returned uncached, so an outage of the cache slows reads down instead of failing them.
 */
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
    let reachable = true;
    const hit = await cache.get(key).catch(() => {
      reachable = false;
      return undefined;
    });
    if (hit !== undefined) return hit as T;
    const loaded = await loader();
    if (loaded !== undefined && reachable) await cache.set(key, loaded, ttlMs).catch(() => undefined);
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
