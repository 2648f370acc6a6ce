import type { Clock, TimerHandle } from '@pulse/platform';

/**
 * Simulated time running `scale` times faster than the wall clock, for ingestion's scheduler (the
 * platform Clock it injects): with scale 120 a 2-minute poll interval passes in one real second. Simulated time
 * starts at `simStart`; timers wait their simulated delay divided by `scale`.
 */
export class CompressedClock implements Clock {
  private readonly realStart = Date.now();

  constructor(
    readonly scale: number,
    readonly simStart: number,
  ) {}

  now(): number {
    return this.simStart + (Date.now() - this.realStart) * this.scale;
  }

  /** The wall-clock time at which this clock shows `simMs`. */
  realAt(simMs: number): number {
    return this.realStart + (simMs - this.simStart) / this.scale;
  }

  setTimer(fn: () => void, ms: number): TimerHandle {
    const timer = setTimeout(fn, Math.max(0, ms / this.scale));
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  }

  setRepeating(fn: () => void, everyMs: number): TimerHandle {
    const timer = setInterval(fn, Math.max(1, everyMs / this.scale));
    timer.unref();
    return { cancel: () => clearInterval(timer) };
  }

  random(): number {
    return Math.random();
  }
}
