import { randomUUID } from 'node:crypto';
import type { Redis, RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import type { HealthResult } from '../lifecycle';
import type { CacheStore, RateLimitResult, ScoredMember } from './cache.port';
import { incrWithTtlScript, slidingWindowScript } from './redis.scripts';
import { SingleFlight, assertInteger, assertTtl, readThrough } from './single-flight';

export interface RedisCacheOptions {
  url: string;
  keyPrefix: string;
  logger: Logger;
  /** Bound on one connection attempt; a dead Redis must fail a request in about this long, not hang it. */
  connectTimeoutMs?: number;
  /** Bound on check()'s PING. */
  checkTimeoutMs?: number;
}

interface ScriptedRedis extends Redis {
  pulseIncr(key: string, by: number, ttlMs: number): Promise<number>;
  pulseRateLimit(
    key: string,
    limit: number,
    windowMs: number,
    member: string,
  ): Promise<[number, number, number]>;
}

const bound = (value: number): string =>
  value === Infinity ? '+inf' : value === -Infinity ? '-inf' : String(value);

function pairs(flat: string[]): ScoredMember[] {
  const out: ScoredMember[] = [];
  for (let i = 0; i < flat.length; i += 2) out.push({ member: flat[i], score: Number(flat[i + 1]) });
  return out;
}

export class RedisCacheStore implements CacheStore {
  readonly adapterName = 'redis';
  private readonly redis: ScriptedRedis;
  private readonly flights = new SingleFlight();
  private readonly checkTimeoutMs: number;
  private readonly logger: Logger;
  /** The connection in subscriber mode (Redis allows no other commands on it), made on first subscribe. */
  private subscriber: Redis | undefined;
  private readonly channelListeners = new Map<string, Set<(message: string) => void>>();

  constructor(options: RedisCacheOptions) {
    this.checkTimeoutMs = options.checkTimeoutMs ?? 1_000;
    this.logger = options.logger;
    const redisOptions: RedisOptions = {
      keyPrefix: options.keyPrefix,
      // Connect on first use, so building the adapter never blocks start-up; /readyz reports the outage.
      lazyConnect: true,
      connectTimeout: options.connectTimeoutMs ?? 2_000,
      // A command waits through at most one reconnect, then fails: callers (rate limits, counters) must
      // degrade quickly rather than queue behind a dead server. Reconnects carry on in the background.
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      // ioredis arms this timer even for a socket that already closed (a refused reconnect), which kept
      // the process alive 2 s after close(); a short one is enough for a live socket to flush QUIT.
      disconnectTimeout: 200,
    };
    // Loaded here, not imported: a process on the memory cache never loads the Redis client.
    const { Redis: RedisClient } = require('ioredis') as typeof import('ioredis');
    this.redis = new RedisClient(options.url, redisOptions) as ScriptedRedis;
    this.redis.defineCommand('pulseIncr', { numberOfKeys: 1, lua: incrWithTtlScript });
    this.redis.defineCommand('pulseRateLimit', { numberOfKeys: 1, lua: slidingWindowScript });
    // Without a listener ioredis prints every reconnect failure; log each distinct error once per outage.
    let lastError: string | undefined;
    this.redis.on('error', (error: Error) => {
      if (error.message === lastError) return;
      lastError = error.message;
      options.logger.warn({ err: error, adapter: 'redis' }, 'Redis cache connection error');
    });
    this.redis.on('ready', () => {
      if (lastError) options.logger.info({ adapter: 'redis' }, 'Redis cache connection restored');
      lastError = undefined;
      this.redis.options.enableOfflineQueue = true;
    });
    // Once a live connection is lost, commands fail at once instead of waiting in the offline queue for
    // a reconnect that may take seconds: every request would wait too (a rate-limit check, a cache read),
    // where the callers are built to go on without the cache. The first connection still queues, since
    // the adapter connects on first use. Back to queueing when ready again.
    this.redis.on('close', () => {
      this.redis.options.enableOfflineQueue = false;
    });
  }

  async check(): Promise<HealthResult> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`PING timed out after ${this.checkTimeoutMs} ms`)),
        this.checkTimeoutMs,
      );
    });
    try {
      await Promise.race([this.redis.ping(), timeout]);
      return { ok: true };
    } catch (error) {
      return { ok: false, reason: `redis: ${(error as Error).message}` };
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
    if (this.redis.status === 'ready') {
      await this.redis.quit().catch(() => this.redis.disconnect());
    } else {
      // Never connected, or reconnecting to a dead server: QUIT would wait for a connection.
      this.redis.disconnect();
    }
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.redis.publish(channel, message).catch((error: Error) => {
      this.logger.debug({ err: error, channel }, 'Redis publish dropped');
    });
  }

  async subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>> {
    const subscriber = this.subscriberConnection();
    let listeners = this.channelListeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.channelListeners.set(channel, listeners);
      // Not connected yet (or Redis away): the 'ready' handler subscribes every channel once it connects.
      if (subscriber.status === 'ready') await this.subscribeChannels(subscriber, [channel]);
    }
    listeners.add(listener);
    const held = listeners;
    return async () => {
      held.delete(listener);
      if (held.size > 0 || this.channelListeners.get(channel) !== held) return;
      this.channelListeners.delete(channel);
      if (subscriber.status === 'ready') await subscriber.unsubscribe(channel).catch(() => undefined);
    };
  }

  private subscriberConnection(): Redis {
    if (this.subscriber) return this.subscriber;
    // Our own resubscription on every 'ready' (first connect and each reconnect) instead of ioredis's,
    // which replays only channels whose SUBSCRIBE once succeeded: one sent while Redis was away would be lost.
    const subscriber = this.redis.duplicate({ autoResubscribe: false, lazyConnect: true });
    subscriber.on('ready', () => void this.subscribeChannels(subscriber, [...this.channelListeners.keys()]));
    subscriber.on('message', (channel: string, message: string) => {
      for (const listener of this.channelListeners.get(channel) ?? []) listener(message);
    });
    // Reconnects carry on in the background; the main connection already logs the outage.
    subscriber.on('error', () => undefined);
    subscriber.connect().catch(() => undefined);
    this.subscriber = subscriber;
    return subscriber;
  }

  private async subscribeChannels(subscriber: Redis, channels: string[]): Promise<void> {
    if (channels.length === 0) return;
    await subscriber.subscribe(...channels).catch((error: Error) => {
      this.logger.warn({ err: error, channels }, 'Redis subscribe failed; retried on the next reconnect');
    });
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const raw = await this.redis.get(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  async set(key: string, value: unknown, ttlMs?: number): Promise<void> {
    assertTtl(ttlMs);
    const json = JSON.stringify(value);
    if (json === undefined) throw new TypeError(`Cannot cache ${typeof value} under ${key}: not JSON`);
    if (ttlMs) await this.redis.set(key, json, 'PX', ttlMs);
    else await this.redis.set(key, json);
  }

  async del(keys: string | string[]): Promise<number> {
    const list = Array.isArray(keys) ? keys : [keys];
    return list.length === 0 ? 0 : this.redis.del(...list);
  }

  getOrLoad<T>(key: string, ttlMs: number, loader: () => Promise<T>): Promise<T> {
    return readThrough(this.flights, key, ttlMs, loader, this);
  }

  async incr(key: string, by = 1, ttlMs?: number): Promise<number> {
    assertInteger('by', by);
    assertTtl(ttlMs);
    return ttlMs ? this.redis.pulseIncr(key, by, ttlMs) : this.redis.incrby(key, by);
  }

  async expire(key: string, ttlMs: number): Promise<boolean> {
    assertTtl(ttlMs);
    return (await this.redis.pexpire(key, ttlMs)) === 1;
  }

  async zincrby(key: string, by: number, member: string): Promise<number> {
    return Number(await this.redis.zincrby(key, by, member));
  }

  async zadd(key: string, entries: ScoredMember | ScoredMember[]): Promise<number> {
    const list = Array.isArray(entries) ? entries : [entries];
    if (list.length === 0) return 0;
    return this.redis.zadd(key, ...list.flatMap(({ member, score }) => [score, member]));
  }

  async zscore(key: string, member: string): Promise<number | undefined> {
    const raw = await this.redis.zscore(key, member);
    return raw === null ? undefined : Number(raw);
  }

  async zrangeByScore(key: string, min: number, max: number): Promise<ScoredMember[]> {
    return pairs(await this.redis.zrangebyscore(key, bound(min), bound(max), 'WITHSCORES'));
  }

  zrevrange(key: string, start: number, stop: number, withScores: true): Promise<ScoredMember[]>;
  zrevrange(key: string, start: number, stop: number, withScores?: false): Promise<string[]>;
  async zrevrange(
    key: string,
    start: number,
    stop: number,
    withScores?: boolean,
  ): Promise<ScoredMember[] | string[]> {
    if (!withScores) return this.redis.zrevrange(key, start, stop);
    return pairs(await this.redis.zrevrange(key, start, stop, 'WITHSCORES'));
  }

  async zrem(key: string, members: string | string[]): Promise<number> {
    const list = Array.isArray(members) ? members : [members];
    return list.length === 0 ? 0 : this.redis.zrem(key, ...list);
  }

  async zcard(key: string): Promise<number> {
    return this.redis.zcard(key);
  }

  async zremrangeByScore(key: string, min: number, max: number): Promise<number> {
    return this.redis.zremrangebyscore(key, bound(min), bound(max));
  }

  async hincrby(key: string, field: string, by = 1): Promise<number> {
    assertInteger('by', by);
    return this.redis.hincrby(key, field, by);
  }

  async hgetall(key: string): Promise<Record<string, number>> {
    const raw = await this.redis.hgetall(key);
    return Object.fromEntries(Object.entries(raw).map(([field, value]) => [field, Number(value)]));
  }

  async rateLimit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    assertTtl(windowMs);
    // The member only has to be unique: two hits in the same millisecond must both count.
    const [allowed, remaining, resetMs] = await this.redis.pulseRateLimit(key, limit, windowMs, randomUUID());
    return { allowed: allowed === 1, remaining, resetMs };
  }
}
