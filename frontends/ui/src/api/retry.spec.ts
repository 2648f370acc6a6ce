import { ApiError } from './fetch-json';
import { isRetryable, retryDelayMs, withRetry } from './retry';

describe('withRetry', () => {
  const waits: number[] = [];
  const wait = async (ms: number) => void waits.push(ms);
  beforeEach(() => (waits.length = 0));

  it('retries a failing call up to the given number of times with growing delays', async () => {
    const fn = jest.fn().mockRejectedValue(new ApiError(503, 'down'));
    await expect(withRetry(fn, 3, wait)).rejects.toMatchObject({ status: 503 });
    expect(fn).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('returns as soon as an attempt succeeds', async () => {
    const fn = jest.fn().mockRejectedValueOnce(new ApiError(0, 'offline')).mockResolvedValueOnce('ok');
    await expect(withRetry(fn, 2, wait)).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('does not retry a request the server rejected as wrong (404)', async () => {
    const fn = jest.fn().mockRejectedValue(new ApiError(404, 'not found'));
    await expect(withRetry(fn, 3, wait)).rejects.toMatchObject({ status: 404 });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it.each([
    [0, true],
    [408, true],
    [429, true],
    [500, true],
    [400, false],
    [404, false],
  ])('status %p retryable: %p', (status, expected) => {
    expect(isRetryable(new ApiError(status, 'x'))).toBe(expected);
  });

  it('caps the delay at 30 s', () => {
    expect(retryDelayMs(10)).toBe(30_000);
  });
});
