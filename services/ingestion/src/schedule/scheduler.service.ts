import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { LOGGER, CLOCK, type Clock, type TimerHandle } from '@pulse/platform';
import type { Logger } from 'pino';
import { SourceRepository } from '../sources/source.repository';
import { WebSubSubscriptions } from '../websub/websub-subscriptions.service';
import { INGESTION_CONFIG, type IngestionConfig } from './ingestion.config';
import { RunQueue } from './run-queue';
import { ScheduledPolls } from './scheduled-polls';

/** Bounds of the wait between looks: a new or resumed source is noticed within a minute. */
const MIN_WAKE_MS = 1_000;
const MAX_WAKE_MS = 60_000;

/**
 * Looks for due sources (each carries its own nextRunAt, set after every run from its adaptive interval
 * with jitter and backoff: next-run.ts)
 * and hands them to the run queue, then sleeps until the next one is due. The state lives on the
 * sources, so a restart resumes the schedule instead of fetching everything again, and every replica
 * looks: a due source is polled by the replica that gets its lease (ScheduledPolls).
 */
@Injectable()
export class IngestionScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: TimerHandle;
  private stopped = false;
  /** The look in flight, if any. */
  private looking: Promise<void> | undefined;

  constructor(
    private readonly sources: SourceRepository,
    private readonly queue: RunQueue,
    private readonly websub: WebSubSubscriptions,
    private readonly polls: ScheduledPolls,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(INGESTION_CONFIG) private readonly config: IngestionConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.wakeIn(this.config.INGESTION_FIRST_RUN_DELAY_SECONDS * 1000);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.timer?.cancel();
    await this.looking;
  }

  /** Resolves once no look is in flight (a look's store reads and lease outlast the timer that fired it). */
  async settled(): Promise<void> {
    await this.looking;
  }

  /** One look: queue what is due, then plan the next look. */
  tick(): Promise<void> {
    this.looking = this.look().finally(() => (this.looking = undefined));
    return this.looking;
  }

  private async look(): Promise<void> {
    if (this.stopped) return;
    let wakeMs = MAX_WAKE_MS;
    try {
      // Renewals and lapses first: a lapsed subscription's source is due in this same look.
      await this.polls.upkeep(() => this.websub.maintain());
      if (this.stopped) return;
      const now = this.clock.now();
      // Every replica sees the same due sources; each poll runs under its source's lease (scheduled-polls.ts).
      for (const id of await this.sources.dueIds(new Date(now).toISOString()))
        if (this.polls.mayTry(id)) this.queue.enqueue(id, 'schedule');
      const next = await this.sources.nextDueAt();
      if (next) wakeMs = Math.min(Math.max(Date.parse(next) - now, MIN_WAKE_MS), MAX_WAKE_MS);
    } catch (error) {
      this.logger.error({ err: error }, 'scheduler could not read the sources; trying again');
    }
    this.wakeIn(wakeMs);
  }

  private wakeIn(ms: number): void {
    if (this.stopped) return;
    this.timer?.cancel();
    this.timer = this.clock.setTimer(() => void this.tick(), ms);
  }
}
