import {
  ExponentialBackoff,
  halfJitterGenerator,
  handleWhen,
  noJitterGenerator,
  retry,
  type IBackoff,
  type IBackoffFactory,
  type IRetryBackoffContext,
} from 'cockatiel';

/** Exponential backoff: initialMs, then doubled per retry, capped at maxMs. */
export interface BackoffSteps {
  initialMs: number;
  maxMs: number;
  /**
   * 'equal': half of each step fixed, half random, so callers that failed together spread out while every
   * wait still grows. 'none': exactly the step.
   */
  jitter: 'equal' | 'none';
}

export interface RetryPolicyOptions {
  /** Attempts after the first; Infinity keeps trying until the call succeeds or the signal aborts. */
  maxRetries: number;
  /** Which failures are worth another attempt; any other is thrown at once. */
  retryOn: (error: unknown) => boolean;
  backoff: BackoffSteps;
  /** A wait the failure itself asks for (an HTTP Retry-After), used instead of the backoff's step. */
  requestedDelayMs?: (error: unknown) => number | undefined;
  /**
   * Waits that do not keep the process alive, for background work a shutdown abandons. The library's wait
   * cannot be cancelled: after an abort its timer still runs out (no attempt follows), so a long wait of a
   * call that stopped would otherwise hold a closing process (or a test run) open until it ends.
   */
  unref?: boolean;
  /** Told before each wait, for the log. */
  onRetry?: (retry: { error: unknown; attempt: number; delayMs: number }) => void;
}

export interface RetryPolicy {
  /**
   * Runs `call` (given its attempt number, from 1) until it succeeds, fails with an error `retryOn`
   * refuses, or the retries are spent; the last error is thrown. An abort of `signal` ends the call at once
   * with the signal's reason, even in the middle of a wait.
   */
  execute<T>(call: (attempt: number) => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/** The backoff's next step, unless the failure asked for a wait of its own; the steps advance either way. */
function requestedOr(
  steps: IBackoffFactory<unknown>,
  requested: (error: unknown) => number | undefined,
): IBackoffFactory<IRetryBackoffContext<unknown>> {
  return {
    next(context): IBackoff<IRetryBackoffContext<unknown>> {
      const step = steps.next(context);
      const asked = 'error' in context.result ? requested(context.result.error) : undefined;
      return { duration: asked ?? step.duration, next: (later) => requestedOr(step, requested).next(later) };
    },
  };
}

/**
 * A retry policy on cockatiel: the one way Pulse retries an outbound call (docs/services.md 'Retries and
 * circuit breakers').
 */
export function retryPolicy(options: RetryPolicyOptions): RetryPolicy {
  const steps = new ExponentialBackoff({
    initialDelay: options.backoff.initialMs,
    maxDelay: options.backoff.maxMs,
    generator: options.backoff.jitter === 'equal' ? halfJitterGenerator : noJitterGenerator,
  });
  const requested = options.requestedDelayMs;
  const retrying = retry(handleWhen(options.retryOn), {
    maxAttempts: options.maxRetries,
    backoff: requested ? requestedOr(steps, requested) : steps,
  });
  const policy = options.unref ? retrying.dangerouslyUnref() : retrying;
  if (options.onRetry) {
    const onRetry = options.onRetry;
    policy.onRetry((event) => {
      if ('error' in event) onRetry({ error: event.error, attempt: event.attempt, delayMs: event.delay });
    });
  }
  return {
    execute<T>(call: (attempt: number) => Promise<T>, signal?: AbortSignal): Promise<T> {
      const run = policy.execute(({ attempt }) => {
        // The policy waits on a timer it cannot cancel; after an abort, no further attempt is made.
        signal?.throwIfAborted();
        return call(attempt + 1);
      }, signal);
      if (!signal) return run;
      // An abort answers at once, even mid-wait; the policy's own ending is then nobody's concern. The
      // listener goes when the call settles, as one signal may serve many calls (a relay's whole life).
      return new Promise<T>((resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        void run.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
    },
  };
}
