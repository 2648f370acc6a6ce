/** A pending timer; cancelling one that already fired does nothing. */
export interface TimerHandle {
  cancel(): void;
}

/**
 * The one source of time for services: what time it is, timers, and the jitter schedules draw.
 * Services inject CLOCK instead of calling Date.now() or setTimeout, so tests move time (link expiry,
 * periods, schedules, retries) with a settable clock (TestClock in @pulse/testing) instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `fn` once after `ms`; the timer never keeps the process alive. */
  setTimer(fn: () => void, ms: number): TimerHandle;
  /** Calls `fn` every `everyMs` until cancelled; never keeps the process alive. */
  setRepeating(fn: () => void, everyMs: number): TimerHandle;
  /** In [0, 1): jitter for schedules, so a test clock can make it exact. */
  random(): number;
}

export const CLOCK = Symbol.for('pulse.Clock');

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const timer = setTimeout(fn, ms);
    // A pending timer must not hold a stopping process open.
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
  setRepeating(fn, everyMs) {
    const timer = setInterval(fn, everyMs);
    timer.unref();
    return { cancel: () => clearInterval(timer) };
  },
  random: () => Math.random(),
};

/** The clock's time as an ISO-8601 string (what stored documents hold). */
export const isoNow = (clock: Pick<Clock, 'now'>): string => new Date(clock.now()).toISOString();
