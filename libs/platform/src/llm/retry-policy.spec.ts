import { isRetryableStatus, retryAfterMs } from './retry-policy';

describe('retry policy', () => {
  it('retries rate limits, timeouts and server errors, never other client errors', () => {
    expect([408, 429, 500, 502, 503].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 422].some(isRetryableStatus)).toBe(false);
  });

  it('reads Retry-After as seconds, as an HTTP date, and retry-after-ms first', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs({ 'retry-after': '3' })).toBe(3_000);
    expect(retryAfterMs({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }, now)).toBe(5_000);
    expect(retryAfterMs({ 'retry-after': '3', 'retry-after-ms': '250' })).toBe(250);
    expect(retryAfterMs({ 'retry-after': 'soon' })).toBeUndefined();
    expect(retryAfterMs({})).toBeUndefined();
  });
});
