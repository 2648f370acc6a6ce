import {
  HttpException,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { CLOCK, LEASES, LOGGER, type Clock, type Leases, type TimerHandle } from '@pulse/platform';
import type { Logger } from 'pino';
import { NEWSLETTER_CONFIG, type NewsletterConfig } from '../newsletter.config';
import { FREQUENCIES } from '../subscribers/subscriber.record';
import { SubscribersRepository } from '../subscribers/subscribers.repository';
import { latestDue } from './edition-calendar';
import { EditionsService } from './editions.service';

const TICK_MS = 60_000;
/** Lease key of making one edition (and queueing its mails): one replica makes it. */
export const editionLeaseKey = (editionId: string): string => `newsletter.edition:${editionId}`;
/** An edition missed by more than this (the service was down) is skipped, not sent late. */
const LATE_LIMIT_MS = 12 * 60 * 60 * 1000;

/**
 * Once a minute on every replica (more often if the look-again interval of SCHEDULE_TAKEOVER_SECONDS asks
 * for it): make the due weekly (Monday 08:00 Seoul) and daily (08:00) editions, resume enqueues a dead
 * replica left, and forget sign-ups never confirmed. An edition is made under its lease
 * (editionLeaseKey), so one replica builds it from trending and queues its mails while the others skip
 * it; its id is its name and its send records are keyed by subscriber, so even a replica that outlived
 * its lease makes no second edition and queues nobody twice.
 */
@Injectable()
export class EditionSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: TimerHandle | undefined;
  private ticking: Promise<void> | undefined;

  constructor(
    private readonly editions: EditionsService,
    private readonly subscribers: SubscribersRepository,
    @Inject(NEWSLETTER_CONFIG) private readonly config: NewsletterConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(LEASES) private readonly leases: Leases,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.NEWSLETTER_SCHEDULE !== 'on') return;
    const every = Math.min(TICK_MS, this.leases.timing.lookAgainMs);
    this.timer = this.clock.setRepeating(() => void this.tick(), every);
    void this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.timer?.cancel();
    await this.ticking;
  }

  tick(): Promise<void> {
    this.ticking ??= this.run().finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  private async run(): Promise<void> {
    const now = this.clock.now();
    try {
      const forgotten = await this.subscribers.forgetUnconfirmed(new Date(now).toISOString());
      if (forgotten) this.logger.info({ forgotten }, 'newsletter: unconfirmed sign-ups forgotten');
      await this.editions.resumeStalled();
      for (const kind of FREQUENCIES) {
        const due = latestDue(kind, now);
        if (now - Date.parse(due.dueAt) > LATE_LIMIT_MS) continue;
        if (await this.editions.findEdition(due.id)) continue;
        await this.leases.run(editionLeaseKey(due.id), async () => {
          // Made by the replica that held the lease just before this one: nothing left to do.
          if (!(await this.editions.findEdition(due.id))) await this.editions.send(kind);
        });
      }
    } catch (error) {
      // No articles or trending down: logged, tried again next tick.
      const message = error instanceof HttpException ? error.message : undefined;
      this.logger.warn(
        { err: message ? undefined : error, reason: message },
        'newsletter: schedule tick failed',
      );
    }
  }
}
