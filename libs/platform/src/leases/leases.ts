import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Clock, TimerHandle } from '../clock';
import type { DocumentStore } from '../store/store.port';
import { Lease } from './lease';
import { LeaseRepository } from './lease.repository';
import type { LeaseTiming } from './leases.config';

/** Not acquired: who holds the key and until when (epoch ms), so a caller can look again then. */
export interface HeldElsewhere {
  holder: string | null;
  expiresAt: number;
}

export type LeaseRun<T> = { ran: true; value: T } | ({ ran: false } & HeldElsewhere);

/** A replica's holder id: readable in the store (host and pid) and unique per process start. */
export function replicaHolderId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * Leases on keys in the service's own document store, for work that one replica of many must do at a
 * time: acquire, renew (fenced by a token that grows at every acquisition), release. Time is the
 * injected Clock; replicas' clocks must agree to well under a lease's length (NTP does).
 */
export class Leases {
  private readonly repository: LeaseRepository;
  private readonly alive = new Set<TimerHandle>();
  private closed = false;

  constructor(
    store: DocumentStore,
    private readonly clock: Clock,
    readonly timing: LeaseTiming,
    readonly holder: string = replicaHolderId(),
    private readonly onRenewError: (error: unknown) => void = () => undefined,
  ) {
    this.repository = new LeaseRepository(store);
  }

  /** The lease on `key` for `lengthMs` (default: the configured length), or who holds it. */
  async acquire(key: string, lengthMs: number = this.timing.leaseMs): Promise<Lease | HeldElsewhere> {
    const now = this.clock.now();
    const expiresAt = now + lengthMs;
    const taken = this.closed
      ? null
      : await this.repository.take(
          key,
          this.holder,
          new Date(now).toISOString(),
          new Date(expiresAt).toISOString(),
        );
    if (taken)
      return new Lease(this.repository, this.clock, key, this.holder, taken.token, lengthMs, expiresAt);
    const held = await this.repository.find(key);
    // Released between the two reads: free now, worth trying again at once.
    return { holder: held?.holder ?? null, expiresAt: held ? Date.parse(held.expiresAt) : now };
  }

  /**
   * Runs `work` under the lease on `key`: renewed every third of its length while `work` runs, released
   * afterwards (or, with `holdUntil`, kept until then so nobody repeats the job before it is due again).
   * Not run when another holder has it.
   */
  async run<T>(
    key: string,
    work: (lease: Lease) => Promise<T>,
    options: { holdUntil?: (lease: Lease) => number | undefined } = {},
  ): Promise<LeaseRun<T>> {
    const lease = await this.acquire(key);
    if (!(lease instanceof Lease)) return { ran: false, ...lease };
    const timer = lease.keepAlive(this.onRenewError);
    this.alive.add(timer);
    try {
      const value = await work(lease);
      const until = options.holdUntil?.(lease);
      if (until !== undefined && until > this.clock.now()) await lease.holdUntil(until);
      return { ran: true, value };
    } finally {
      timer.cancel();
      this.alive.delete(timer);
      // A release that fails (store away) costs only a wait: the lease runs out by itself.
      await lease.release().catch(this.onRenewError);
    }
  }

  /** Who holds `key` now (null when free): for /readyz-style reports and tests. */
  async holderOf(key: string): Promise<HeldElsewhere | null> {
    const held = await this.repository.find(key);
    if (!held?.holder || Date.parse(held.expiresAt) <= this.clock.now()) return null;
    return { holder: held.holder, expiresAt: Date.parse(held.expiresAt) };
  }

  /**
   * Stops renewing and acquiring (process shutdown): leases still held run out on their own, and
   * another replica takes their jobs over, as after a crash.
   */
  close(): void {
    this.closed = true;
    for (const timer of this.alive) timer.cancel();
    this.alive.clear();
  }

  /** Nest's shutdown hook (the LEASES provider). */
  onModuleDestroy(): void {
    this.close();
  }
}
