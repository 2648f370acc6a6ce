import { withRetry } from './retry';

/** What a component sees of one cached query. Replaced (never mutated) on every change. */
export interface QuerySnapshot<T = unknown> {
  data?: T;
  error?: Error;
  isFetching: boolean;
  /** When data was last fetched (ms since epoch); 0 when it never was. */
  updatedAt: number;
}

interface Entry {
  snapshot: QuerySnapshot;
  listeners: Set<() => void>;
  inFlight?: Promise<void>;
}

const EMPTY: QuerySnapshot = Object.freeze({ isFetching: false, updatedAt: 0 }) as QuerySnapshot;

/** Entries nobody is subscribed to are dropped, oldest first, beyond this many (a long reading session). */
const MAX_IDLE_ENTRIES = 200;

/**
 * An in-memory cache of API reads, one per bundle (the shell and each remote keep their own; they share no
 * state). Concurrent fetches of one key share one request; an answer stays fresh for the caller's stale time.
 */
export class QueryCache {
  private readonly entries = new Map<string, Entry>();

  snapshot<T>(key: string): QuerySnapshot<T> {
    return (this.entries.get(key)?.snapshot ?? EMPTY) as QuerySnapshot<T>;
  }

  subscribe(key: string, listener: () => void): () => void {
    const entry = this.entry(key);
    entry.listeners.add(listener);
    return () => entry.listeners.delete(listener);
  }

  /** True when the key has no answer yet, only an error, or data older than staleMs; false while fetching. */
  needsFetch(key: string, staleMs: number, now = Date.now()): boolean {
    const entry = this.entries.get(key);
    if (!entry) return true;
    if (entry.inFlight) return false;
    const { data, error, updatedAt } = entry.snapshot;
    return data === undefined || error !== undefined || now - updatedAt > staleMs;
  }

  /** Fetches the key (joining a fetch already under way), retrying as asked. Never rejects. */
  fetch<T>(key: string, fetcher: () => Promise<T>, retries: number): Promise<void> {
    const entry = this.entry(key);
    if (entry.inFlight) return entry.inFlight;
    this.update(entry, { ...entry.snapshot, isFetching: true });
    entry.inFlight = withRetry(fetcher, retries).then(
      (data) => this.update(entry, { data, isFetching: false, updatedAt: Date.now() }),
      (error: unknown) =>
        this.update(entry, {
          ...entry.snapshot,
          error: error instanceof Error ? error : new Error(String(error)),
          isFetching: false,
        }),
    );
    void entry.inFlight.finally(() => (entry.inFlight = undefined));
    return entry.inFlight;
  }

  /** Stores an answer obtained elsewhere (an update's response, or a test's fixture). */
  set<T>(key: string, data: T, now = Date.now()): void {
    this.update(this.entry(key), { data, isFetching: false, updatedAt: now });
  }

  /** Marks every key starting with `prefix` stale, so its next reader fetches it again. */
  invalidate(prefix: string): void {
    for (const [key, entry] of this.entries) {
      if (key.startsWith(prefix)) this.update(entry, { ...entry.snapshot, updatedAt: 0 });
    }
  }

  clear(): void {
    this.entries.clear();
  }

  /**
   * Called by useApiQuery while it renders, with the path it would fetch. The browser's cache has nothing to
   * do (its effect fetches); a server render's cache notes the reads it could not answer, fetches them and
   * renders again (frontends/shell/src/server).
   */
  noteRead(_key: string, _path: string): void {}

  /** The answers held, by key, for a server render to embed in its document (see query-seed.ts). */
  answers(): Record<string, unknown> {
    const held: Record<string, unknown> = {};
    for (const [key, { snapshot }] of this.entries)
      if (snapshot.data !== undefined) held[key] = snapshot.data;
    return held;
  }

  private entry(key: string): Entry {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { snapshot: EMPTY, listeners: new Set() };
      this.entries.set(key, entry);
      this.evictIdle();
    }
    return entry;
  }

  private update(entry: Entry, snapshot: QuerySnapshot): void {
    entry.snapshot = snapshot;
    for (const listener of [...entry.listeners]) listener();
  }

  private evictIdle(): void {
    let excess = this.entries.size - MAX_IDLE_ENTRIES;
    for (const [key, entry] of this.entries) {
      if (excess <= 0) return;
      if (entry.listeners.size === 0 && !entry.inFlight) {
        this.entries.delete(key);
        excess--;
      }
    }
  }
}

/** The bundle's cache. */
export const queryCache = new QueryCache();
