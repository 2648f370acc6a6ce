import type { Healthcheck } from './compose-file';

export type Health = 'starting' | 'healthy' | 'unhealthy';

/** The engine's interval during the start period when the file sets no `start_interval` (Docker 25+). */
const DEFAULT_START_INTERVAL_MS = 5_000;

/**
 * A container's healthcheck as the Docker engine runs it: the first check one interval after the start
 * (`start_interval` while in the start period), each check given `timeout`; one success makes it
 * healthy; failures inside the start period do not count; `retries` failures in a row after it make it
 * unhealthy. `run` executes the test in the container and resolves to its exit code (null: timed out).
 */
export class HealthLoop {
  status: Health = 'starting';
  passed = 0;
  failed = 0;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private readonly startedAt = Date.now();

  constructor(
    private readonly check: Healthcheck,
    private readonly run: (argv: string[], timeoutMs: number) => Promise<number | null>,
    private readonly onChange: (status: Health) => void,
  ) {}

  start(): void {
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private inStartPeriod(): boolean {
    return Date.now() - this.startedAt < this.check.startPeriodMs;
  }

  private schedule(): void {
    const interval =
      this.status === 'starting' && this.inStartPeriod()
        ? (this.check.startIntervalMs ?? DEFAULT_START_INTERVAL_MS)
        : this.check.intervalMs;
    this.timer = setTimeout(() => void this.tick(), interval);
  }

  private streak = 0;

  private async tick(): Promise<void> {
    if (this.stopped) return;
    const code = await this.run(this.check.test, this.check.timeoutMs);
    if (this.stopped) return;
    if (code === 0) {
      this.passed++;
      this.streak = 0;
      this.set('healthy');
    } else {
      this.failed++;
      if (!(this.status === 'starting' && this.inStartPeriod()) && ++this.streak >= this.check.retries)
        this.set('unhealthy');
    }
    this.schedule();
  }

  private set(status: Health): void {
    if (status === this.status) return;
    this.status = status;
    this.onChange(status);
  }
}
