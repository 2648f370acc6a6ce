import type { Clock, TimerHandle } from '@pulse/platform/clock';

interface PendingTimer {
  at: number;
  fn: () => void;
  /** Set for a repeating timer: it is due again this long after it fires. */
  everyMs?: number;
  /** Order of creation: timers due at the same moment fire in the order they were set. */
  seq: number;
}

/**
 * The platform Clock for tests: time stands still until a test moves it (set, advance), and the timers
 * due by then fire in order, so expiry, periods and schedules are exact without sleeping.
 */
export class TestClock implements Clock {
  private timers: PendingTimer[] = [];
  private seq = 0;
  private current: number;
  /** What random() answers; 0.5 means no jitter, so a schedule's delays are exact. */
  randomValue = 0.5;

  /** `start` as epoch milliseconds or an ISO-8601 string. */
  constructor(start: number | string) {
    this.current = toMs(start);
  }

  now(): number {
    return this.current;
  }

  random(): number {
    return this.randomValue;
  }

  setTimer(fn: () => void, ms: number): TimerHandle {
    return this.schedule({ at: this.current + Math.max(0, ms), fn, seq: this.seq++ });
  }

  setRepeating(fn: () => void, everyMs: number): TimerHandle {
    // A zero period would fire forever within one advance.
    const period = Math.max(1, everyMs);
    return this.schedule({ at: this.current + period, fn, everyMs: period, seq: this.seq++ });
  }

  /** Moves time forward by `ms`, firing every timer due on the way at its own moment. */
  advance(ms: number): void {
    this.runUntil(this.current + ms);
  }

  /**
   * Moves time to `at` (epoch ms or ISO-8601). Forward, it fires the timers due on the way; backward
   * (a test replaying a moment) it fires nothing.
   */
  set(at: number | string): void {
    const target = toMs(at);
    if (target >= this.current) this.runUntil(target);
    else this.current = target;
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  private schedule(timer: PendingTimer): TimerHandle {
    this.timers.push(timer);
    return { cancel: () => (this.timers = this.timers.filter((t) => t !== timer)) };
  }

  private runUntil(until: number): void {
    for (;;) {
      const due = this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.current = Math.max(this.current, due.at);
      if (due.everyMs === undefined) this.timers = this.timers.filter((t) => t !== due);
      else Object.assign(due, { at: due.at + due.everyMs, seq: this.seq++ });
      due.fn();
    }
    this.current = until;
  }
}

function toMs(at: number | string): number {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) throw new Error(`not a time: ${String(at)}`);
  return ms;
}
