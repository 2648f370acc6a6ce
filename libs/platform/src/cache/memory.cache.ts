import type { HealthResult } from '../lifecycle';
import type { CacheStore, RateLimitResult, ScoredMember } from './cache.port';
import { SortedSet, rankWindow } from './sorted-set';
import { SingleFlight, assertInteger, assertTtl, readThrough } from './single-flight';

type Entry =
  | { kind: 'value'; json: string; expiresAt?: number }
  | { kind: 'zset'; set: SortedSet; expiresAt?: number }
  | { kind: 'hash'; fields: Map<string, number>; expiresAt?: number }
  /** A sliding window's hits, oldest first, from `head` on (earlier ones have left the window). */
  | { kind: 'window'; times: number[]; head: number; expiresAt?: number };

type Kind = Entry['kind'];

/**
 * The embedded counterpart of Redis pub/sub: one per process, so every service's store in an embedded
 * process hears what another publishes, as every Redis client does on one server.
 */
const processChannels = new Map<string, Set<(message: string) => void>>();
type EntryOf<K extends Kind> = Extract<Entry, { kind: K }>;

export interface MemoryCacheOptions {
  /** How often expired keys nobody reads again are dropped. Reads honour TTLs regardless. */
  sweepIntervalMs?: number;
}

/**
 * Embedded-mode cache: one process, no network. Mirrors the Redis adapter's semantics (JSON values,
 * key-level TTLs on every type, WRONGTYPE errors, empty sets removed) so the contract suite holds for both.
 */
export class MemoryCacheStore implements CacheStore {
  readonly adapterName = 'memory';
  private readonly entries = new Map<string, Entry>();
  private readonly flights = new SingleFlight();
  private readonly sweeper: NodeJS.Timeout;

  constructor(options: MemoryCacheOptions = {}) {
    this.sweeper = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 60_000);
    // A cache must never be what keeps a process (or a test run) alive.
    this.sweeper.unref();
  }

  async check(): Promise<HealthResult> {
    return { ok: true };
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }

  async publish(channel: string, message: string): Promise<void> {
    // To those subscribed now, as Redis does; delivered on a later turn, as over a network, so a publisher
    // never runs its subscribers' code inline.
    const listeners = [...(processChannels.get(channel) ?? [])];
    if (listeners.length > 0) setImmediate(() => listeners.forEach((listener) => listener(message)));
  }

  async subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>> {
    const listeners = processChannels.get(channel) ?? new Set();
    processChannels.set(channel, listeners.add(listener));
    return async () => {
      listeners.delete(listener);
      if (listeners.size === 0 && processChannels.get(channel) === listeners) processChannels.delete(channel);
    };
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const entry = this.read(key, 'value');
    return entry ? (JSON.parse(entry.json) as T) : undefined;
  }

  async set(key: string, value: unknown, ttlMs?: number): Promise<void> {
    assertTtl(ttlMs);
    const json = JSON.stringify(value);
    if (json === undefined) throw new TypeError(`Cannot cache ${typeof value} under ${key}: not JSON`);
    this.entries.set(key, { kind: 'value', json, expiresAt: ttlMs ? Date.now() + ttlMs : undefined });
  }

  async del(keys: string | string[]): Promise<number> {
    let removed = 0;
    for (const key of Array.isArray(keys) ? keys : [keys]) {
      if (this.live(key) && this.entries.delete(key)) removed++;
    }
    return removed;
  }

  getOrLoad<T>(key: string, ttlMs: number, loader: () => Promise<T>): Promise<T> {
    return readThrough(this.flights, key, ttlMs, loader, this);
  }

  async incr(key: string, by = 1, ttlMs?: number): Promise<number> {
    assertInteger('by', by);
    assertTtl(ttlMs);
    const entry = this.read(key, 'value');
    const current = entry ? JSON.parse(entry.json) : 0;
    if (!Number.isSafeInteger(current)) throw new Error(`ERR value at ${key} is not an integer`);
    const next = current + by;
    const expiresAt = entry?.expiresAt ?? (ttlMs ? Date.now() + ttlMs : undefined);
    this.entries.set(key, { kind: 'value', json: JSON.stringify(next), expiresAt });
    return next;
  }

  async expire(key: string, ttlMs: number): Promise<boolean> {
    assertTtl(ttlMs);
    const entry = this.live(key);
    if (!entry) return false;
    entry.expiresAt = Date.now() + ttlMs;
    return true;
  }

  async zincrby(key: string, by: number, member: string): Promise<number> {
    const set = this.readOrCreate(key, 'zset', () => ({ kind: 'zset', set: new SortedSet() })).set;
    const score = (set.score(member) ?? 0) + by;
    set.set(member, score);
    return score;
  }

  async zadd(key: string, entries: ScoredMember | ScoredMember[]): Promise<number> {
    const list = Array.isArray(entries) ? entries : [entries];
    if (list.length === 0) return 0;
    const set = this.readOrCreate(key, 'zset', () => ({ kind: 'zset', set: new SortedSet() })).set;
    return list.filter(({ member, score }) => set.set(member, score)).length;
  }

  async zscore(key: string, member: string): Promise<number | undefined> {
    return this.read(key, 'zset')?.set.score(member);
  }

  async zrangeByScore(key: string, min: number, max: number): Promise<ScoredMember[]> {
    return this.read(key, 'zset')?.set.rangeByScore(min, max) ?? [];
  }

  zrevrange(key: string, start: number, stop: number, withScores: true): Promise<ScoredMember[]>;
  zrevrange(key: string, start: number, stop: number, withScores?: false): Promise<string[]>;
  async zrevrange(
    key: string,
    start: number,
    stop: number,
    withScores?: boolean,
  ): Promise<ScoredMember[] | string[]> {
    const ordered = this.read(key, 'zset')?.set.ascending() ?? [];
    const window = rankWindow(start, stop, ordered.length);
    if (!window) return [];
    const picked: ScoredMember[] = [];
    for (let rank = window[0]; rank <= window[1]; rank++)
      picked.push({ ...ordered[ordered.length - 1 - rank] });
    return withScores ? picked : picked.map((entry) => entry.member);
  }

  async zrem(key: string, members: string | string[]): Promise<number> {
    const entry = this.read(key, 'zset');
    if (!entry) return 0;
    const removed = (Array.isArray(members) ? members : [members]).filter((member) =>
      entry.set.remove(member),
    ).length;
    this.dropIfEmpty(key, entry.set.size);
    return removed;
  }

  async zcard(key: string): Promise<number> {
    return this.read(key, 'zset')?.set.size ?? 0;
  }

  async zremrangeByScore(key: string, min: number, max: number): Promise<number> {
    const entry = this.read(key, 'zset');
    if (!entry) return 0;
    const removed = entry.set.removeRangeByScore(min, max);
    this.dropIfEmpty(key, entry.set.size);
    return removed;
  }

  async hincrby(key: string, field: string, by = 1): Promise<number> {
    assertInteger('by', by);
    const fields = this.readOrCreate(key, 'hash', () => ({ kind: 'hash', fields: new Map() })).fields;
    const next = (fields.get(field) ?? 0) + by;
    fields.set(field, next);
    return next;
  }

  async hgetall(key: string): Promise<Record<string, number>> {
    return Object.fromEntries(this.read(key, 'hash')?.fields ?? []);
  }

  async rateLimit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    assertTtl(windowMs);
    const now = Date.now();
    const entry = this.readOrCreate(key, 'window', () => ({ kind: 'window', times: [], head: 0 }));
    // Same boundary as the Lua script: a hit exactly windowMs old has left the window. Hits leave by moving
    // `head`, not by shift(): shifting a large array copies it (a bucket with a high limit, read thousands
    // of times a second, holds hundreds of thousands of hits), which made every request cost a copy.
    while (entry.head < entry.times.length && entry.times[entry.head] <= now - windowMs) entry.head += 1;
    if (entry.head > 1024 && entry.head * 2 > entry.times.length) {
      entry.times = entry.times.slice(entry.head);
      entry.head = 0;
    }
    const count = () => entry.times.length - entry.head;
    const allowed = count() < limit;
    if (allowed) {
      entry.times.push(now);
      entry.expiresAt = now + windowMs;
    }
    const resetMs = count() > 0 ? entry.times[entry.head] + windowMs - now : windowMs;
    this.dropIfEmpty(key, count());
    return { allowed, remaining: Math.max(0, limit - count()), resetMs };
  }

  /** Drops keys whose TTL passed; runs on a timer so write-once keys do not pile up. */
  sweep(now = Date.now()): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) this.entries.delete(key);
    }
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private read<K extends Kind>(key: string, kind: K): EntryOf<K> | undefined {
    const entry = this.live(key);
    if (entry && entry.kind !== kind) {
      throw new Error(`WRONGTYPE ${key} holds a ${entry.kind}, not a ${kind}`);
    }
    return entry as EntryOf<K> | undefined;
  }

  private readOrCreate<K extends Kind>(key: string, kind: K, create: () => EntryOf<K>): EntryOf<K> {
    const existing = this.read(key, kind);
    if (existing) return existing;
    const created = create();
    this.entries.set(key, created);
    return created;
  }

  /** Redis deletes a collection key when its last member goes; so do we, which also clears its TTL. */
  private dropIfEmpty(key: string, size: number): void {
    if (size === 0) this.entries.delete(key);
  }
}
