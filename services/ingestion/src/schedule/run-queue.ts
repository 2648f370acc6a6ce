import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { LOGGER } from '@pulse/platform';
import type { Logger } from 'pino';
import type { RunTrigger } from '../runs/run.record';
import { RunSourceService } from '../runs/run-source.service';
import { INGESTION_CONFIG, type IngestionConfig } from './ingestion.config';

export type EnqueueResult = 'queued' | 'already-queued';

/** How long shutdown waits for runs in flight before letting the app close the store under them. */
const DRAIN_TIMEOUT_MS = 5_000;

/** A hub's push waiting for a slot: started by pump(), or refused at shutdown. */
interface WaitingPush {
  sourceId: string;
  start: () => void;
  refuse: (error: Error) => void;
}

/**
 * Runs sources at most INGESTION_CONCURRENCY at a time, and a source at most once at a time: a source
 * already queued or running is not queued again, whether by the schedule or a manual trigger. A hub's
 * push takes a slot too (pushed()), ahead of the waiting polls, since it brings news now; it waits while
 * its source is being polled, so a source is still read by one run at a time.
 */
@Injectable()
export class RunQueue implements OnModuleDestroy {
  private readonly waiting: Array<{ sourceId: string; trigger: RunTrigger }> = [];
  private readonly waitingPushes: WaitingPush[] = [];
  private readonly active = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly runner: RunSourceService,
    @Inject(INGESTION_CONFIG) private readonly config: IngestionConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  enqueue(sourceId: string, trigger: RunTrigger): EnqueueResult {
    if (this.active.has(sourceId) || this.waiting.some((w) => w.sourceId === sourceId))
      return 'already-queued';
    this.waiting.push({ sourceId, trigger });
    this.pump();
    return 'queued';
  }

  /** Runs `work` (a pushed document's run) in a slot of its own once one is free and its source idle. */
  async pushed<T>(sourceId: string, work: () => Promise<T>): Promise<T> {
    if (this.stopped) throw new Error('shutting down');
    await new Promise<void>((start, refuse) => {
      this.waitingPushes.push({ sourceId, start, refuse });
      this.pump();
    });
    let done!: () => void;
    const task = new Promise<void>((resolve) => (done = resolve));
    this.inFlight.add(task);
    try {
      return await work();
    } finally {
      this.active.delete(sourceId);
      this.inFlight.delete(task);
      done();
      this.pump();
    }
  }

  /** Queued or running. */
  isBusy(sourceId: string): boolean {
    return this.active.has(sourceId) || this.waiting.some((w) => w.sourceId === sourceId);
  }

  get size(): number {
    return this.active.size + this.waiting.length + this.waitingPushes.length;
  }

  private pump(): void {
    while (!this.stopped && this.active.size < this.config.INGESTION_CONCURRENCY) {
      const idle = (entry: { sourceId: string }) => !this.active.has(entry.sourceId);
      const push = this.waitingPushes.findIndex(idle);
      if (push >= 0) {
        const [next] = this.waitingPushes.splice(push, 1);
        this.active.add(next.sourceId);
        next.start();
        continue;
      }
      const poll = this.waiting.findIndex(idle);
      if (poll < 0) return;
      const [next] = this.waiting.splice(poll, 1);
      this.active.add(next.sourceId);
      const task = this.runner
        .run(next.sourceId, next.trigger)
        .then(() => undefined)
        // run() records its own failures; reaching here means the record itself could not be written.
        .catch((error: unknown) =>
          this.logger.error({ err: error, sourceId: next.sourceId }, 'source run not recorded'),
        )
        .finally(() => {
          this.active.delete(next.sourceId);
          this.inFlight.delete(task);
          this.pump();
        });
      this.inFlight.add(task);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.waiting.length = 0;
    // A refused push is answered 5xx, so the hub delivers it again later.
    for (const push of this.waitingPushes.splice(0)) push.refuse(new Error('shutting down'));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, DRAIN_TIMEOUT_MS);
      timer.unref();
    });
    await Promise.race([Promise.allSettled([...this.inFlight]), timeout]);
    clearTimeout(timer);
  }
}
