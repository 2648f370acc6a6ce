import { ApiError } from './fetch-json';
import { isRetryable, retryDelayMs } from './retry';

describe('the retry policy', () => {
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
