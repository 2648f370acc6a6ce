import { createCircuitBreaker } from './circuit-breaker';

class ProviderDown extends Error {}
class BadRequest extends Error {}

const COOL_DOWN_MS = 30_000;

/** A breaker over a provider whose next answers the test scripts; counts the calls that reached it. */
function breakerOverProvider() {
  const provider = { calls: 0, fail: true };
  const breaker = createCircuitBreaker({
    failures: 3,
    coolDownMs: COOL_DOWN_MS,
    countsAsFailure: (error) => error instanceof ProviderDown,
    openError: () => new Error('provider unavailable'),
  });
  const call = () =>
    breaker.execute(async () => {
      provider.calls += 1;
      if (provider.fail) throw new ProviderDown('503');
      return 'answer';
    });
  return { provider, breaker, call };
}

describe('circuit breaker', () => {
  // cockatiel reads the cool-down from Date.now(): only the system time is faked, timers and promises run.
  beforeEach(() =>
    jest.useFakeTimers({ now: 0, doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'queueMicrotask'] }),
  );
  afterEach(() => jest.useRealTimers());

  it('opens after N failures in a row, then answers at once without calling the provider', async () => {
    const { provider, breaker, call } = breakerOverProvider();
    for (let i = 0; i < 3; i++) await expect(call()).rejects.toBeInstanceOf(ProviderDown);
    expect(breaker.state).toBe('open');
    await expect(call()).rejects.toThrow('provider unavailable');
    expect(provider.calls).toBe(3);
  });

  it('a success in between resets the count', async () => {
    const { provider, breaker, call } = breakerOverProvider();
    for (let i = 0; i < 2; i++) await expect(call()).rejects.toBeInstanceOf(ProviderDown);
    provider.fail = false;
    await expect(call()).resolves.toBe('answer');
    provider.fail = true;
    for (let i = 0; i < 2; i++) await expect(call()).rejects.toBeInstanceOf(ProviderDown);
    expect(breaker.state).toBe('closed');
  });

  it('does not count failures that say nothing about the provider', async () => {
    const breaker = createCircuitBreaker({
      failures: 1,
      coolDownMs: COOL_DOWN_MS,
      countsAsFailure: (error) => error instanceof ProviderDown,
      openError: () => new Error('provider unavailable'),
    });
    await expect(breaker.execute(() => Promise.reject(new BadRequest('400')))).rejects.toBeInstanceOf(
      BadRequest,
    );
    expect(breaker.state).toBe('closed');
  });

  it('lets one trial call through after the cool-down (half-open); its success closes the circuit', async () => {
    const { provider, breaker, call } = breakerOverProvider();
    for (let i = 0; i < 3; i++) await expect(call()).rejects.toBeInstanceOf(ProviderDown);
    jest.setSystemTime(COOL_DOWN_MS - 1);
    await expect(call()).rejects.toThrow('provider unavailable');
    expect(provider.calls).toBe(3);

    jest.setSystemTime(COOL_DOWN_MS);
    provider.fail = false;
    const trial = call();
    expect(breaker.state).toBe('half-open');
    await expect(trial).resolves.toBe('answer');
    expect(breaker.state).toBe('closed');
    await expect(call()).resolves.toBe('answer');
    expect(provider.calls).toBe(5);
  });

  it('a failed trial call opens the circuit for another cool-down', async () => {
    const { provider, breaker, call } = breakerOverProvider();
    for (let i = 0; i < 3; i++) await expect(call()).rejects.toBeInstanceOf(ProviderDown);
    jest.setSystemTime(COOL_DOWN_MS);
    await expect(call()).rejects.toBeInstanceOf(ProviderDown);
    expect(breaker.state).toBe('open');
    jest.setSystemTime(2 * COOL_DOWN_MS - 1);
    await expect(call()).rejects.toThrow('provider unavailable');
    expect(provider.calls).toBe(4);
    jest.setSystemTime(2 * COOL_DOWN_MS);
    provider.fail = false;
    await expect(call()).resolves.toBe('answer');
    expect(breaker.state).toBe('closed');
  });

  it('calls arriving during the trial wait for it, and are refused at once when it fails', async () => {
    const breaker = createCircuitBreaker({
      failures: 1,
      coolDownMs: COOL_DOWN_MS,
      countsAsFailure: (error) => error instanceof ProviderDown,
      openError: () => new Error('provider unavailable'),
    });
    await expect(breaker.execute(() => Promise.reject(new ProviderDown('503')))).rejects.toBeInstanceOf(
      ProviderDown,
    );
    jest.setSystemTime(COOL_DOWN_MS);
    let failTrial: (error: Error) => void = () => undefined;
    const trial = breaker.execute(() => new Promise((_, reject) => (failTrial = reject)));
    const reached: string[] = [];
    const waiting = breaker.execute(async () => reached.push('second call'));
    failTrial(new ProviderDown('still 503'));
    await expect(trial).rejects.toBeInstanceOf(ProviderDown);
    await expect(waiting).rejects.toThrow('provider unavailable');
    expect(reached).toEqual([]);
  });
});
