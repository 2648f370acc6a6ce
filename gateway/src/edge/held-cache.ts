import { HeldCopies } from './held-copies';

/** Where purges come from (the micro-cache hears them on the cache port: proxy/micro-cache.ts). */
export interface Purges {
  onPurge(listener: (tags: ReadonlySet<string>) => void): void;
  /** Whether a purge naming any of `tags` came at or after `at`: what was read since may predate it. */
  purgedSince(at: number, tags: readonly string[]): boolean;
}

/** How long a copy is replayed as it is, and past that while one load replaces it; what it shows. */
export interface Hold {
  freshMs: number;
  staleMs: number;
  /** A purge of any drops the copy (@pulse/contracts cache-purge.ts). */
  tags: readonly string[];
}

interface Held<V> {
  value: V;
  freshUntil: number;
  /** freshUntil + staleMs: replayed until then while one load replaces it. */
  expiresAt: number;
  tags: readonly string[];
}

/**
 * What the gateway replays for a moment, the micro-cache's decoded answers and the page documents alike
 * (one implementation of hold, stale-while-revalidate, single flight and purge):
 * - `get` gives a copy while it is held, and says whether it is past its fresh time (stale);
 * - `flight` runs one load per key at a time, however many readers ask (a popular page's readers arriving
 *   as its copy lapsed each rendered it again, until the whole site queued behind the renders);
 * - `refresh` loads a stale copy again behind its readers' backs, once per key;
 * - a load is held for its `Hold` unless a purge of its tags came while it ran (it may predate the
 *   change: served to the readers who waited for it, not kept), and a purge drops every copy it names.
 * Full, it drops the least recently read copy (HeldCopies).
 */
export class HeldCache<V> {
  private readonly copies: HeldCopies<Held<V>>;
  private readonly flights = new Map<string, { value: Promise<V>; startedAt: number }>();
  private readonly refreshing = new Set<string>();

  /** `purges`: whose purges a load must not have been overtaken by (the owner calls purge() on each). */
  constructor(
    maxCopies: number,
    private readonly now: () => number,
    private readonly purges?: Pick<Purges, 'purgedSince'>,
  ) {
    this.copies = new HeldCopies(maxCopies);
  }

  /** The held copy of `key`, now the most recently read; `stale` past its fresh time. */
  get(key: string, at = this.now()): { value: V; stale: boolean } | undefined {
    const held = this.copies.get(key, at);
    return held && { value: held.value, stale: held.freshUntil <= at };
  }

  /** Until when the copy of `key` may still be replayed (0: none). */
  expiresAt(key: string, at = this.now()): number {
    return this.copies.get(key, at)?.expiresAt ?? 0;
  }

  /** The load of `key` under way, which a reader may join. */
  pending(key: string): Promise<V> | undefined {
    return this.flights.get(key)?.value;
  }

  /**
   * The load of `key` under way, or `load` started now, held for `holdOf(value)` when it says so (undefined:
   * not held, and a copy of it is dropped if `drop(value)`). Every caller of the same key shares it.
   */
  flight(
    key: string,
    load: () => Promise<V>,
    holdOf: (value: V) => Hold | undefined,
    drop: (value: V) => boolean = () => false,
  ): Promise<V> {
    const under = this.flights.get(key);
    if (under) return under.value;
    const startedAt = this.now();
    const value = load();
    this.flights.set(key, { value, startedAt });
    const forget = () => this.flights.delete(key);
    value.then(forget, forget);
    return value.then((loaded) => {
      const hold = holdOf(loaded);
      if (hold) this.hold(key, loaded, hold, startedAt);
      else if (drop(loaded)) this.copies.delete(key);
      return loaded;
    });
  }

  /**
   * Loads `key` again behind the readers of its stale copy, unless a load of it is under way or asked
   * for. `admit` may hold it back (a budget): it resolves to the function that gives its place back (which
   * `load` gets, and is called here if the load does not run), or undefined when it should not run.
   */
  refresh(
    key: string,
    load: (release: () => void) => Promise<V>,
    holdOf: (value: V) => Hold | undefined,
    drop: (value: V) => boolean,
    admit: () => Promise<(() => void) | undefined> = () => Promise.resolve(() => undefined),
  ): void {
    if (this.flights.has(key) || this.refreshing.has(key)) return;
    this.refreshing.add(key);
    void admit()
      .then(async (release) => {
        if (!release) return;
        if (this.flights.has(key)) release();
        else await this.flight(key, () => load(release), holdOf, drop);
      })
      .catch(() => undefined)
      .finally(() => this.refreshing.delete(key));
  }

  /** Holds `value` as the copy of `key` loaded from `startedAt` on, unless a purge of its tags overtook it. */
  hold(key: string, value: V, { freshMs, staleMs, tags }: Hold, startedAt = this.now()): void {
    if (freshMs <= 0 || this.purges?.purgedSince(startedAt, tags)) {
      this.copies.delete(key);
      return;
    }
    const at = this.now();
    this.copies.set(key, { value, freshUntil: at + freshMs, expiresAt: at + freshMs + staleMs, tags }, at);
  }

  delete(key: string): void {
    this.copies.delete(key);
  }

  /** Drops every copy showing any of `tags`; returns their keys. */
  purge(tags: ReadonlySet<string>): string[] {
    return this.copies.deleteWhere((held) => held.tags.some((tag) => tags.has(tag)));
  }
}
