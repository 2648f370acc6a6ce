import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Clock, TimerHandle } from '@pulse/platform';
import type { Logger } from 'pino';

/** Hourly is plenty for a retention counted in days; a replica more running it deletes nothing twice. */
const PURGE_EVERY_MS = 3600 * 1000;

/**
 * Removes what is past its retention at start and every hour after: `purgeExpired` says how many went.
 * A failed pass is logged and the next hour tries again; nothing is lost by waiting.
 */
export abstract class HourlyRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: TimerHandle;

  protected constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** What is removed, for the log: 'audit entries', 'contact messages'. */
    private readonly what: string,
  ) {}

  protected abstract purgeExpired(): Promise<number>;

  onApplicationBootstrap(): void {
    void this.purge();
    this.timer = this.clock.setRepeating(() => void this.purge(), PURGE_EVERY_MS);
  }

  onApplicationShutdown(): void {
    this.timer?.cancel();
  }

  private async purge(): Promise<void> {
    try {
      const removed = await this.purgeExpired();
      if (removed > 0) this.logger.info({ removed }, `${this.what} past retention removed`);
    } catch (error) {
      this.logger.warn({ err: error }, `${this.what}: retention purge failed`);
    }
  }
}
