import { getEventListeners } from 'node:events';
import { retryPolicy, type RetryPolicyOptions } from './retry-policy';

class Transient extends Error {
  constructor(readonly requestedMs?: number) {
    super('transient');
  }
}

/** A policy with 0 ms steps unless a test asks otherwise, recording each wait it chose. */
function policyRecordingWaits(overrides: Partial<RetryPolicyOptions> = {}) {
  const waits: number[] = [];
  const policy = retryPolicy({
    maxRetries: 3,
    retryOn: (error) => error instanceof Transient,
    backoff: { initialMs: 0, maxMs: 0, jitter: 'none' },
    onRetry: ({ delayMs }) => waits.push(delayMs),
    ...overrides,
  });
  return { policy, waits };
}

/** Fails with each of `failures` in turn, then answers with the attempt that succeeded. */
const failingThen = (failures: Error[]) => async (attempt: number) => {
  const failure = failures[attempt - 1];
  if (failure) throw failure;
  return attempt;
};

describe('retry policy', () => {
  it('retries what retryOn accepts, numbering the attempts from 1', async () => {
    const { policy } = policyRecordingWaits();
    await expect(policy.execute(failingThen([new Transient(), new Transient()]))).resolves.toBe(3);
  });

  it('gives up after maxRetries with the last error', async () => {
    const { policy } = policyRecordingWaits({ maxRetries: 2 });
    const last = new Transient();
    const calls: number[] = [];
    const run = policy.execute(async (attempt) => {
      calls.push(attempt);
      throw attempt === 3 ? last : new Transient();
    });
    await expect(run).rejects.toBe(last);
    expect(calls).toEqual([1, 2, 3]);
  });

  it('throws any other error at once', async () => {
    const { policy } = policyRecordingWaits();
    const final = new Error('400');
    await expect(policy.execute(failingThen([final]))).rejects.toBe(final);
  });

  it('waits the exponential steps without jitter, up to the cap', async () => {
    // The steps are what the policy asks for; they are kept tiny so the test does not wait long.
    const { policy, waits } = policyRecordingWaits({
      maxRetries: 5,
      backoff: { initialMs: 1, maxMs: 4, jitter: 'none' },
    });
    await policy.execute(failingThen(Array.from({ length: 5 }, () => new Transient())));
    expect(waits).toEqual([1, 2, 4, 4, 4]);
  });

  it('with equal jitter, waits between half the step and the step', async () => {
    const { policy, waits } = policyRecordingWaits({
      maxRetries: 4,
      backoff: { initialMs: 2, maxMs: 8, jitter: 'equal' },
    });
    await policy.execute(failingThen(Array.from({ length: 4 }, () => new Transient())));
    [2, 4, 8, 8].forEach((step, i) => {
      expect(waits[i]).toBeGreaterThanOrEqual(step / 2);
      expect(waits[i]).toBeLessThanOrEqual(step);
    });
  });

  it('waits what the failure asked for instead of the step, and the steps still advance', async () => {
    const { policy, waits } = policyRecordingWaits({
      backoff: { initialMs: 1, maxMs: 8, jitter: 'none' },
      requestedDelayMs: (error) => (error as Transient).requestedMs,
    });
    await policy.execute(failingThen([new Transient(), new Transient(3), new Transient()]));
    expect(waits).toEqual([1, 3, 4]);
  });

  it('ends at once with the abort reason during a wait, and makes no further attempt', async () => {
    const { policy } = policyRecordingWaits({
      backoff: { initialMs: 60_000, maxMs: 60_000, jitter: 'none' },
    });
    const controller = new AbortController();
    const calls: number[] = [];
    const run = policy.execute(async (attempt) => {
      calls.push(attempt);
      queueMicrotask(() => controller.abort(new Error('caller gone')));
      throw new Transient();
    }, controller.signal);
    await expect(run).rejects.toThrow('caller gone');
    expect(calls).toEqual([1]);
  });

  it('leaves no listener on a signal that serves many calls', async () => {
    const { policy } = policyRecordingWaits();
    const controller = new AbortController();
    for (let i = 0; i < 20; i++) {
      await policy.execute(failingThen([new Transient()]), controller.signal);
      await expect(policy.execute(failingThen([new Error('400')]), controller.signal)).rejects.toThrow('400');
    }
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
