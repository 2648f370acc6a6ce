/**
 * When to try an LLM request again, and how long to wait first. Transient failures (rate limits,
 * overloaded servers, dropped connections) are normal for hosted LLMs; a 400 is our bug and is final.
 */
export const isRetryableStatus = (status: number): boolean =>
  status === 408 || status === 429 || status >= 500;

/**
 * Exponential backoff with "equal jitter": half the exponential step is fixed, half random, so
 * replicas that failed together spread out but every wait still grows.
 */
export function backoffMs(attempt: number, baseMs: number, capMs: number): number {
  const step = Math.min(capMs, baseMs * 2 ** attempt);
  return step / 2 + Math.random() * (step / 2);
}

/**
 * Retry-After in seconds or as an HTTP date (RFC 9110), or OpenAI's retry-after-ms. undefined when
 * absent or unreadable.
 */
export function retryAfterMs(
  headers: Record<string, string | string[] | undefined>,
  now = Date.now(),
): number | undefined {
  const first = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const milliseconds = Number(first('retry-after-ms'));
  if (first('retry-after-ms') && Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = first('retry-after');
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1_000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits, unless the caller aborts first. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
