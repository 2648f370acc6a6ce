/** A cancellable timer. */
export interface TimerHandle {
  cancel(): void;
}

/**
 * Time as the scheduler and the run service see it. Injected, so tests move time forward instead of
 * sleeping (schedule/fake-clock.ts).
 */
export interface Clock {
  now(): number;
  /** Calls `fn` once after `ms`; the timer never keeps the process alive. */
  setTimer(fn: () => void, ms: number): TimerHandle;
  /** In [0, 1): jitter draws from it. */
  random(): number;
}

export const CLOCK = Symbol.for('pulse.ingestion.Clock');

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const timer = setTimeout(fn, ms);
    // A pending run must not hold a stopping process open.
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
  random: () => Math.random(),
};
