/** GATEWAY_RENDER_CONCURRENCY, GATEWAY_RENDER_MS_PER_S and GATEWAY_RENDER_WAIT_MS (gateway.config.ts). */
export interface RenderBudgetSettings {
  /** Renders under way at once, at most. */
  concurrency: number;
  /** Milliseconds of each second renders may take between them, from each one's start to its end. */
  msPerSecond: number;
  /** How long a reader may wait for the budget before it is turned away (0: never waits). */
  maxWaitMs?: number;
}

/** Ends a render: frees its place and takes its duration from the budget. Idempotent. */
export type RenderEnd = () => void;

/**
 * Readers waiting for the budget, per render allowed at once: enough that readers arriving one after the
 * other (a crawler, a test, a site just started whose first render loaded the bundle) are rendered, few
 * enough that a flood is turned away at once rather than held open.
 */
const WAITERS_PER_RENDER = 4;

/**
 * How much rendering the gateway allows itself (documents.plugin.ts). A render is mostly CPU on the one
 * event loop the API is answered from too (React's passes, renderToString): a concurrency limit alone does
 * not bound it, since renders then run one after the other, each finishing before the next request is
 * even read, and the API waits behind the line. So the time renders take is metered too: a bucket of
 * `msPerSecond` milliseconds, refilled at that rate, a second's worth at most, from which each render's
 * duration is taken when it ends; while it is below empty, or `concurrency` renders are under way, no
 * render starts. A render's duration counts the other work interleaved with it, so a busy process allows
 * itself fewer renders: the API first, documents after. A reader may wait up to `maxWaitMs` for the
 * budget, a few at a time (waiting costs no CPU); the others are turned away at once.
 */
export class RenderBudget {
  private running = 0;
  private available: number;
  private refilledAt: number;
  private readonly waiters: Array<{
    admit: (end: RenderEnd | undefined) => void;
    first: boolean;
    timer: NodeJS.Timeout;
  }> = [];
  private wake: NodeJS.Timeout | undefined;

  constructor(
    private readonly settings: RenderBudgetSettings,
    private readonly now: () => number,
  ) {
    this.available = settings.msPerSecond;
    this.refilledAt = now();
  }

  /** A render may start now: the function that ends it. Undefined: the budget is spent for now. */
  start(): RenderEnd | undefined {
    this.refill();
    if (this.running >= this.settings.concurrency || this.available <= 0) return undefined;
    this.running += 1;
    const startedAt = this.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.running -= 1;
      this.refill();
      // A second's worth at most: a render that waited on a slow upstream, or the first one, which loaded
      // the bundle, was not CPU all along, and must not lock the readers after it out for seconds.
      this.available -= Math.min(this.now() - startedAt, this.settings.msPerSecond);
      this.admitWaiters();
    };
  }

  /**
   * As start(), but waits up to maxWaitMs for the budget, when few others are waiting. `first`: ahead of
   * every reader, for up to `first.maxWaitMs`, however many wait (the refresh of a held copy: a flood of
   * distinct URLs must not starve the pages everyone reads, whose copies would lapse).
   */
  acquire(first?: { maxWaitMs: number }): Promise<RenderEnd | undefined> {
    const end = this.waiters.length === 0 ? this.start() : undefined;
    const maxWaitMs = first?.maxWaitMs ?? this.settings.maxWaitMs ?? 0;
    if (end || maxWaitMs <= 0) return Promise.resolve(end);
    if (!first && this.readersWaiting() >= this.settings.concurrency * WAITERS_PER_RENDER)
      return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const waiter = {
        admit: resolve,
        first: first !== undefined,
        // Unref'd, as the wake below: a waiting reader's connection keeps the process up, not its timer.
        timer: setTimeout(() => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          resolve(undefined);
        }, maxWaitMs).unref(),
      };
      // Behind the other firsts, ahead of every reader.
      const at = first ? this.waiters.findIndex((other) => !other.first) : -1;
      this.waiters.splice(at < 0 ? this.waiters.length : at, 0, waiter);
      this.scheduleWake();
    });
  }

  private readersWaiting(): number {
    return this.waiters.filter((waiter) => !waiter.first).length;
  }

  private admitWaiters(): void {
    while (this.waiters.length > 0) {
      const end = this.start();
      if (!end) break;
      const waiter = this.waiters.shift()!;
      clearTimeout(waiter.timer);
      waiter.admit(end);
    }
    this.scheduleWake();
  }

  /** With readers waiting on an empty bucket (no render to end and admit them): wakes when it refills. */
  private scheduleWake(): void {
    if (this.wake || this.waiters.length === 0 || this.running >= this.settings.concurrency) return;
    this.refill();
    const ms = Math.max(1, Math.ceil((-this.available * 1000) / this.settings.msPerSecond) + 1);
    this.wake = setTimeout(() => {
      this.wake = undefined;
      this.admitWaiters();
    }, ms).unref();
  }

  private refill(): void {
    if (this.settings.msPerSecond === Number.POSITIVE_INFINITY) {
      this.available = Number.POSITIVE_INFINITY; // unmetered (documentHandler without a budget)
      return;
    }
    const at = this.now();
    const earned = ((at - this.refilledAt) * this.settings.msPerSecond) / 1000;
    // At most a second's worth banked: an idle minute must not become a minute of renders in a row.
    this.available = Math.min(this.settings.msPerSecond, this.available + earned);
    this.refilledAt = at;
  }
}
