/**
 * How the relay waits between passes: until the poll interval ends, a local write nudges it, or it is
 * closed. A nudge that arrives while the relay is busy is remembered, so a write landing during a pass
 * is relayed right after it rather than an interval later. Timers are unref'd: a relay never keeps a
 * process alive on its own.
 */
export class RelayAlarm {
  private nudged = false;
  private ring?: () => void;

  nudge(): void {
    this.nudged = true;
    this.ring?.();
  }

  /** Called as a pass starts: the pass will see every write made before it. */
  reset(): void {
    this.nudged = false;
  }

  /** Ends after ms, on a nudge, or on abort. */
  idle(ms: number, signal: AbortSignal): Promise<void> {
    if (this.nudged || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.ring = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.ring = done;
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
