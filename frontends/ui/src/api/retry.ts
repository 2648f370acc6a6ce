import { ApiError } from './fetch-json';

/** Exponential backoff, 1 s, 2 s, 4 s … capped at 30 s; `attempt` counts the failures before this retry. */
export const retryDelayMs = (attempt: number): number => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * Whether a failure is worth another try. A 4xx other than 408/429 says the request itself is wrong
 * (a 404 article stays missing), so retrying would only delay the not-found state the reader should see.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}
