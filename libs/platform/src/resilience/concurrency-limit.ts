/**
 * At most `max` calls at once; the rest wait in arrival order. A waiting call whose signal aborts leaves the
 * queue at once with the signal's reason, rather than when a slot frees (cockatiel's bulkhead only notices
 * an abort at dequeue time, which would hold a cancelled translation until the provider answered others).
 */
export interface ConcurrencyLimit {
  /** Calls running now. */
  readonly active: number;
  /** Calls waiting for a slot. */
  readonly waiting: number;
  /** Waits for a slot (or the abort), then holds it until release() is called once. */
  acquire(signal?: AbortSignal): Promise<() => void>;
  run<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

export function createConcurrencyLimit(max: number): ConcurrencyLimit {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`max must be a positive integer, got ${max}`);
  let active = 0;
  const queue: Array<() => void> = [];

  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      if (next) next();
      else active -= 1;
    };
  };

  const acquire = (signal?: AbortSignal): Promise<() => void> => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (active < max) {
      active += 1;
      return Promise.resolve(releaser());
    }
    return new Promise((resolve, reject) => {
      // The slot passes straight from the releasing call to this one, so `active` is unchanged.
      const grant = () => {
        signal?.removeEventListener('abort', abandon);
        resolve(releaser());
      };
      const abandon = () => {
        queue.splice(queue.indexOf(grant), 1);
        reject(signal!.reason);
      };
      queue.push(grant);
      signal?.addEventListener('abort', abandon, { once: true });
    });
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    acquire,
    async run(call, signal) {
      const release = await acquire(signal);
      try {
        return await call();
      } finally {
        release();
      }
    },
  };
}
