/**
 * Which LLM failures are worth another try, and what wait the server asked for; the waiting itself is the
 * resilience retry policy's. Transient failures (rate limits, overloaded servers, dropped connections) are
 * normal for hosted LLMs; a 400 is our bug and is final.
 */
export const isRetryableStatus = (status: number): boolean =>
  status === 408 || status === 429 || status >= 500;

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
