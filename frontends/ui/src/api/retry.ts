import { ApiError } from './fetch-json';

/** Exponential backoff, 1 s, 2 s, 4 s … capped at 30 s (the usual query-library schedule). */
export const retryDelayMs = (attempt: number): number => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * Whether a failure is worth another try. A 4xx other than 408/429 says the request itself is wrong
 * (a 404 article stays missing), so retrying would only delay the not-found state the reader should see.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

/** Runs `fn`, retrying up to `retries` more times with backoff while the failure is retryable. */
export async function withRetry<T>(
  fn: () => Promise<T>,
  retries: number,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= retries || !isRetryable(error)) throw error;
      await wait(retryDelayMs(attempt));
    }
  }
}
