import type { Clock, TimerHandle } from '../../src/schedule/clock';

/** Test support: time moves only when a test calls advance(); timers due by then fire in order. */
export class FakeClock implements Clock {
  private timers: Array<{ at: number; fn: () => void; seq: number }> = [];
  private seq = 0;
  /** Fixed unless a test sets it: jitter is then predictable. */
  randomValue = 0.5;

  constructor(private current = Date.parse('2026-03-02T09:00:00.000Z')) {}

  now(): number {
    return this.current;
  }

  random(): number {
    return this.randomValue;
  }

  setTimer(fn: () => void, ms: number): TimerHandle {
    const timer = { at: this.current + Math.max(0, ms), fn, seq: this.seq++ };
    this.timers.push(timer);
    return { cancel: () => (this.timers = this.timers.filter((t) => t !== timer)) };
  }

  advance(ms: number): void {
    const until = this.current + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      due.fn();
    }
    this.current = until;
  }

  get pendingTimers(): number {
    return this.timers.length;
  }
}
