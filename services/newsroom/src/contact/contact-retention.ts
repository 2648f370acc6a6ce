import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CLOCK, LOGGER, type Clock, type TimerHandle } from '@pulse/platform';
import type { Logger } from 'pino';
import { ContactService } from './contact.service';

/** Hourly is plenty for a retention counted in days. */
const PURGE_EVERY_MS = 3600 * 1000;

/** Removes readers' messages past CONTACT_RETENTION_DAYS at start and every hour after. */
@Injectable()
export class ContactRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: TimerHandle;

  constructor(
    private readonly contact: ContactService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    void this.purge();
    this.timer = this.clock.setRepeating(() => void this.purge(), PURGE_EVERY_MS);
  }

  onApplicationShutdown(): void {
    this.timer?.cancel();
  }

  private async purge(): Promise<void> {
    try {
      const removed = await this.contact.purgeExpired();
      if (removed > 0) this.logger.info({ removed }, 'contact messages past retention removed');
    } catch (error) {
      // The next hour tries again; nothing is lost by waiting.
      this.logger.warn({ err: error }, 'contact retention purge failed');
    }
  }
}
