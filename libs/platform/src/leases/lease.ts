import type { Clock, TimerHandle } from '../clock';
import type { LeaseRepository } from './lease.repository';

/** The holder was taken over: it must not write as the holder any more. */
export class LeaseLostError extends Error {
  constructor(readonly key: string) {
    super(`lease ${key} was taken over by another holder`);
    this.name = 'LeaseLostError';
  }
}

/**
 * A lease this holder took. `token` is its fencing token: every acquisition of the key raises it, so a
 * write that carries or checks it is refused once anyone else took the key. `fenced` is that check for
 * writes that do not store the token: it renews first and writes only if the renewal proves nobody
 * acquired the key since (renewal extends the lease by its full length, so a takeover during the write
 * needs the write to outlast a whole lease).
 */
export class Lease {
  private lostFlag = false;
  private done = false;

  constructor(
    private readonly repository: LeaseRepository,
    private readonly clock: Clock,
    readonly key: string,
    readonly holder: string,
    readonly token: number,
    private readonly lengthMs: number,
    /** Epoch ms. */
    public expiresAt: number,
  ) {}

  /** True once a renewal found another holder's token. */
  get lost(): boolean {
    return this.lostFlag;
  }

  /** Extends the lease by its length from now; false (and `lost`) when another holder took it. */
  async renew(): Promise<boolean> {
    if (this.lostFlag || this.done) return false;
    const expiresAt = this.clock.now() + this.lengthMs;
    const kept = await this.repository.extend(
      this.key,
      this.holder,
      this.token,
      new Date(expiresAt).toISOString(),
    );
    if (kept) this.expiresAt = expiresAt;
    else this.lostFlag = true;
    return kept;
  }

  /** Runs `write` only while this holder still has the lease (renewed just before); else LeaseLostError. */
  async fenced<T>(write: () => Promise<T>): Promise<T> {
    if (!(await this.renew())) throw new LeaseLostError(this.key);
    return write();
  }

  /**
   * Keeps the lease until `until` (epoch ms) without renewing: a periodic job holds its key until its
   * next due time, so no replica runs it sooner. False when it was lost.
   */
  async holdUntil(until: number): Promise<boolean> {
    if (this.lostFlag || this.done) return false;
    const kept = await this.repository.extend(
      this.key,
      this.holder,
      this.token,
      new Date(until).toISOString(),
    );
    if (kept) this.expiresAt = until;
    else this.lostFlag = true;
    this.done = true;
    return kept;
  }

  /** Frees the key for the next holder at once (a no-op when it was lost or is held until later). */
  async release(): Promise<void> {
    if (this.lostFlag || this.done) return;
    this.done = true;
    await this.repository.free(this.key, this.holder, this.token, new Date(this.clock.now()).toISOString());
  }

  /** Renews every third of the lease's length until cancelled, lost or finished. */
  keepAlive(onError: (error: unknown) => void): TimerHandle {
    const timer = this.clock.setRepeating(
      () => {
        if (this.lostFlag || this.done) return timer.cancel();
        // A failed renewal (store briefly away) is tried again at the next third; the lease runs out only
        // if the store stays away for two of them.
        this.renew().catch(onError);
      },
      Math.max(1, Math.floor(this.lengthMs / 3)),
    );
    return timer;
  }
}
