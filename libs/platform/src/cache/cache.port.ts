import type { Adapter } from '../lifecycle';

export interface ScoredMember {
  member: string;
  score: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Requests still allowed in the current window after this one. */
  remaining: number;
  /** Milliseconds until one more request would be allowed (when denied) or until the oldest counted one leaves the window. */
  resetMs: number;
}

/**
 * TTL cache, atomic counters, sorted sets and rate-limit buckets. Values are stored as JSON on every
 * adapter (the in-memory one too), so a value read back is a copy and Dates come back as strings
 * whichever adapter runs: code that works embedded works on Redis.
 *
 * Hashes hold integer counters only (per-article views/likes/shares), hence hgetall returns numbers.
 * Sorted sets order ties by member, as Redis does.
 */
export interface CacheStore extends Adapter {
  /** undefined on a miss (JSON null is a value and is returned as null). */
  get<T = unknown>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs?: number): Promise<void>;
  /** Returns how many keys existed. */
  del(keys: string | string[]): Promise<number>;
  /**
   * Read-through: on a miss runs loader once per key in this process however many callers wait
   * (single-flight), caches its result for ttlMs and hands it to all of them. A rejected loader caches
   * nothing; an undefined result is returned but not cached. When the cache itself cannot answer (Redis
   * away), the loader runs and its result is returned uncached: never an error of the cache's.
   */
  getOrLoad<T>(key: string, ttlMs: number, loader: () => Promise<T>): Promise<T>;
  /**
   * Atomic integer increment; returns the new value. ttlMs, when given, is set only if the key has no
   * expiry yet (so a windowed counter is not extended by every hit).
   */
  incr(key: string, by?: number, ttlMs?: number): Promise<number>;
  /** false when the key does not exist. */
  expire(key: string, ttlMs: number): Promise<boolean>;

  /** Returns the member's new score. */
  zincrby(key: string, by: number, member: string): Promise<number>;
  /** Adds or updates; returns how many members were new. */
  zadd(key: string, entries: ScoredMember | ScoredMember[]): Promise<number>;
  zscore(key: string, member: string): Promise<number | undefined>;
  /** Ascending by score, min and max inclusive; ±Infinity for open ends. */
  zrangeByScore(key: string, min: number, max: number): Promise<ScoredMember[]>;
  /** Descending by score, by rank; start/stop inclusive, negative counts from the end (Redis semantics). */
  zrevrange(key: string, start: number, stop: number, withScores: true): Promise<ScoredMember[]>;
  zrevrange(key: string, start: number, stop: number, withScores?: false): Promise<string[]>;
  zrem(key: string, members: string | string[]): Promise<number>;
  zcard(key: string): Promise<number>;
  /** Returns how many members were removed. */
  zremrangeByScore(key: string, min: number, max: number): Promise<number>;

  hincrby(key: string, field: string, by?: number): Promise<number>;
  hgetall(key: string): Promise<Record<string, number>>;

  /**
   * Sliding-window log: a request is allowed when fewer than `limit` allowed requests happened in the
   * last windowMs. Denied requests are not counted, so a client hammering a limit is not locked out
   * for longer than the window. Exact (no double burst at a window edge, unlike a fixed window); on
   * Redis one Lua script does the check and the write, so replicas share one bucket atomically.
   */
  rateLimit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;

  /**
   * Broadcasts `message` to every subscriber of `channel` in every process sharing this cache (Redis
   * PUBLISH; embedded: every store of this process). At most once, nothing kept: a subscriber that is not
   * connected at that moment never sees it. For hints whose loss costs only freshness (the gateway's
   * purges, ARCHITECTURE.md 'The gateway's edge'), never for anything that must arrive: that is the bus.
   * Channels are not prefixed with the service's key prefix. Never throws: a cache that cannot send drops it.
   */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Calls `listener` with each message published on `channel` from now on, until the returned function is
   * called. On Redis a dedicated connection subscribes and resubscribes after a reconnect.
   */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
}
