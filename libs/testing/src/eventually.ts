export interface EventuallyOptions {
  timeoutMs?: number;
  /** Pause between polls. Default 20 ms. */
  intervalMs?: number;
}

/**
 * Polls `fn` until it returns without throwing, then returns its result; after the deadline rethrows
 * its last failure (with how long it waited). This is how tests wait for asynchronous effects: a fixed
 * sleep is either flaky or slow (docs/design.md §9).
 */
export async function eventually<T>(fn: () => T | Promise<T>, options: EventuallyOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const intervalMs = options.intervalMs ?? 20;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (Date.now() >= deadline) {
        if (error instanceof Error) {
          error.message = `still failing after ${timeoutMs} ms: ${error.message}`;
          throw error;
        }
        throw new Error(`still failing after ${timeoutMs} ms: ${String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
