import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, LEASES, type Clock, type Lease, type Leases } from '@pulse/platform';
import { SourceRepository } from '../sources/source.repository';

/** Lease key of a source's scheduled poll: one replica polls a source at a time. */
export const pollLeaseKey = (sourceId: string): string => `ingestion.poll:${sourceId}`;
/** Lease key of the WebSub upkeep (renewals, lapses): one replica at a time asks the hubs. */
export const WEBSUB_UPKEEP_LEASE = 'ingestion.websub-upkeep';

/**
 * Scheduled polls across replicas (docs/scaling.md). Every replica's scheduler sees the same due
 * sources; a poll runs under the source's lease, and only if the source is still due once the lease is
 * held, so a replica that saw it due before another's poll moved its nextRunAt does not poll it again:
 * each due time is polled once. A poll another replica holds is not asked for again (no store write)
 * until its lease could have run out, or the look-again interval passed.
 */
@Injectable()
export class ScheduledPolls {
  private readonly heldElsewhere = new Map<string, number>();

  constructor(
    @Inject(LEASES) private readonly leases: Leases,
    private readonly sources: SourceRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** False while another replica's lease on the source's poll is known to last. */
  mayTry(sourceId: string): boolean {
    const until = this.heldElsewhere.get(sourceId);
    if (until === undefined) return true;
    if (until > this.clock.now()) return false;
    this.heldElsewhere.delete(sourceId);
    return true;
  }

  /**
   * Runs `poll` under the source's lease if the source is due; null when another replica holds it or
   * the source is no longer due (polled meanwhile, paused, deleted).
   */
  async run<T>(sourceId: string, poll: (lease: Lease) => Promise<T>): Promise<T | null> {
    const outcome = await this.leases.run(pollLeaseKey(sourceId), async (lease) => {
      if (!(await this.sources.isDue(sourceId, new Date(this.clock.now()).toISOString()))) return null;
      return poll(lease);
    });
    if (outcome.ran) {
      this.heldElsewhere.delete(sourceId);
      return outcome.value;
    }
    const lookAgain = this.clock.now() + this.leases.timing.lookAgainMs;
    this.heldElsewhere.set(sourceId, Math.min(outcome.expiresAt, lookAgain));
    return null;
  }

  /** The WebSub upkeep, unless another replica is doing it now. */
  async upkeep(work: () => Promise<void>): Promise<void> {
    await this.leases.run(WEBSUB_UPKEEP_LEASE, work);
  }
}
