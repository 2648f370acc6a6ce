import type { BackoffOptions } from '../bus.port';

export function backoffDelay(backoff: BackoffOptions, attempt: number): number {
  const factor = backoff.factor ?? 2;
  return Math.min(backoff.maxMs, Math.round(backoff.initialMs * factor ** Math.max(0, attempt - 1)));
}

/** Resolves after ms, or early (to false) when the signal aborts, so closing never waits out a backoff. */
export function waitOrAbort(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
