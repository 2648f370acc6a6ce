import { BrokenCircuitError, CircuitState, ConsecutiveBreaker, circuitBreaker, handleWhen } from 'cockatiel';

export type CircuitBreakerState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakerOptions {
  /** Failed calls in a row that open the circuit. */
  failures: number;
  /** How long an open circuit refuses calls before one trial call is let through (half-open). */
  coolDownMs: number;
  /** Which failures say the provider is down; any other (a caller's bad request, an abort) is passed on uncounted. */
  countsAsFailure: (error: unknown) => boolean;
  /** What a caller gets, at once, while the circuit is open. */
  openError: () => Error;
}

export interface CircuitBreaker {
  readonly state: CircuitBreakerState;
  execute<T>(call: () => Promise<T>): Promise<T>;
}

const STATE_NAMES: Partial<Record<CircuitState, CircuitBreakerState>> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
};

/**
 * A circuit breaker on cockatiel, around a provider's whole call (its retries included): after `failures`
 * failed calls in a row it stops calling for `coolDownMs`, so callers take their 'unavailable' path at once
 * instead of each spending a full retry budget on a provider that is down. Then one trial call decides:
 * success closes the circuit, failure opens it for another cool-down. The cool-down is read from Date.now()
 * inside cockatiel, which is why tests move Jest's fake system time rather than pass a clock.
 */
export function createCircuitBreaker(options: CircuitBreakerOptions): CircuitBreaker {
  const policy = circuitBreaker(handleWhen(options.countsAsFailure), {
    halfOpenAfter: options.coolDownMs,
    breaker: new ConsecutiveBreaker(options.failures),
  });
  return {
    get state() {
      // Isolated (held open by hand) is never used here.
      return STATE_NAMES[policy.state] ?? 'open';
    },
    async execute<T>(call: () => Promise<T>): Promise<T> {
      try {
        return await policy.execute(call);
      } catch (error) {
        if (error instanceof BrokenCircuitError) throw options.openError();
        throw error;
      }
    },
  };
}
