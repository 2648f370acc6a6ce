import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { LOGGER, CLOCK, type Clock } from '@pulse/platform';
import type { Logger } from 'pino';
import { ArticlesRepository } from '../articles/articles.repository';
import { EngagementApplier, type CountedArticle } from './engagement-applier';
import { LikeMarkersRepository } from './like-markers.repository';
import { RECOVER_AFTER_MS, type MarkerStore } from './pending-op';
import { ViewMarkersRepository } from './view-markers.repository';
import { ViewsService } from './views.service';

const SWEEP_EVERY_MS = 60_000;
const BATCH = 200;

export interface SweepResult {
  recovered: number;
  released: number;
  purged: number;
}

/**
 * Finishes what a crash interrupted (EngagementApplier's steps 2–4 of ops left pending) and drops view
 * markers whose window is over. Runs at start and every minute on every replica; the conditional
 * take-over lets replicas sweep side by side without applying an op twice.
 */
@Injectable()
export class EngagementRecovery implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SweepResult> | undefined;

  constructor(
    private readonly applier: EngagementApplier,
    private readonly views: ViewMarkersRepository,
    private readonly likes: LikeMarkersRepository,
    private readonly viewsService: ViewsService,
    private readonly articles: ArticlesRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    void this.sweep({ release: true });
    this.timer = setInterval(() => void this.sweep({ release: false }), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /**
   * One pass; a pass already running is joined. `release` also scans articles for op ids left behind by
   * a crash between settle and release (only a restart can leave them, so only the first pass looks).
   */
  sweep(options: { release: boolean } = { release: true }): Promise<SweepResult> {
    this.running ??= this.pass(options.release)
      .catch((error: unknown) => {
        this.logger.error({ err: error }, 'engagement recovery sweep failed');
        return { recovered: 0, released: 0, purged: 0 };
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(release: boolean): Promise<SweepResult> {
    const now = this.clock.now();
    let recovered = 0;
    for (const markers of [this.views, this.likes] as MarkerStore[]) {
      const staleBefore = new Date(now - RECOVER_AFTER_MS).toISOString();
      for (const marker of await markers.stalePending(staleBefore, BATCH)) {
        if (await this.applier.recover(markers, marker)) recovered += 1;
      }
    }
    const released = release ? await this.releaseSettledOps() : 0;
    const purged = await this.views.purgeBefore(new Date(now - this.viewsService.windowMs()).toISOString());
    if (recovered || released) this.logger.info({ recovered, released }, 'engagement recovery');
    return { recovered, released, purged };
  }

  /** Op ids an article still lists although no marker holds them pending any more. */
  private async releaseSettledOps(): Promise<number> {
    let released = 0;
    const held: CountedArticle[] = await this.articles.withEngagementOps(BATCH);
    for (const article of held) {
      for (const opId of article.engagementOps ?? []) {
        if ((await this.views.isPending(opId)) || (await this.likes.isPending(opId))) continue;
        await this.articles.releaseEngagementOp(article._id, opId);
        released += 1;
      }
    }
    return released;
  }
}
