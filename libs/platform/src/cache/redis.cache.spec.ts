import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import pino from 'pino';
import { describeCacheStoreContract, eventually } from '@pulse/testing';
import { RedisCacheStore } from './redis.cache';

const redisUrl = process.env.PULSE_TEST_REDIS_URL ?? 'redis://127.0.0.1:16379';
// Each run writes under its own prefix, so parallel runs and leftovers never collide.
const keyPrefix = `pulse-test:${randomUUID()}:`;
const logger = pino({ level: 'silent' });

function rawClient(): Redis {
  return new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
}

beforeAll(async () => {
  const probe = rawClient();
  let cause: Error | undefined;
  probe.on('error', (error: Error) => (cause = error));
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    // Never skip: a contract that silently does not run is a contract nobody checks.
    throw new Error(
      `Redis is not reachable at ${redisUrl} (PULSE_TEST_REDIS_URL): ${(cause ?? (error as Error)).message}. ` +
        'Start the local stack with `infra/local/pulse-local up`, or point PULSE_TEST_REDIS_URL at a Redis.',
    );
  } finally {
    probe.disconnect();
  }
});

afterAll(async () => {
  const raw = rawClient();
  raw.on('error', () => undefined);
  try {
    await raw.connect();
    const keys: string[] = [];
    for (let cursor = '0'; ;) {
      const [next, batch] = await raw.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
      keys.push(...batch);
      cursor = next;
      if (cursor === '0') break;
    }
    if (keys.length > 0) await raw.del(...keys);
  } catch {
    // Nothing to clean when Redis was unreachable; beforeAll already failed the suite.
  } finally {
    raw.disconnect();
  }
});

describeCacheStoreContract('redis', () => new RedisCacheStore({ url: redisUrl, keyPrefix, logger }));

describe('RedisCacheStore specifics', () => {
  it('carries a channel between stores of different key prefixes (services publish, the gateway listens)', async () => {
    const publisher = new RedisCacheStore({ url: redisUrl, keyPrefix: `${keyPrefix}content:`, logger });
    const listener = new RedisCacheStore({ url: redisUrl, keyPrefix: `${keyPrefix}gateway:`, logger });
    const channel = `${keyPrefix}purge`;
    const heard: string[] = [];
    const stop = await listener.subscribe(channel, (message) => heard.push(message));
    try {
      await eventually(
        async () => {
          await publisher.publish(channel, 'article:a1');
          expect(heard).toContain('article:a1');
        },
        { timeoutMs: 5_000 },
      );
    } finally {
      await stop();
      await Promise.all([publisher.close(), listener.close()]);
    }
  });

  it('writes every key under the configured prefix', async () => {
    const cache = new RedisCacheStore({ url: redisUrl, keyPrefix, logger });
    const raw = rawClient();
    try {
      await cache.set('prefixed', { ok: 1 });
      await cache.zadd('prefixed-z', { member: 'm', score: 1 });
      await cache.rateLimit('prefixed-rate', 1, 60_000);
      await raw.connect();
      await expect(raw.get(`${keyPrefix}prefixed`)).resolves.toBe('{"ok":1}');
      await expect(raw.zcard(`${keyPrefix}prefixed-z`)).resolves.toBe(1);
      await expect(raw.zcard(`${keyPrefix}prefixed-rate`)).resolves.toBe(1);
      await expect(raw.exists('prefixed')).resolves.toBe(0);
    } finally {
      raw.disconnect();
      await cache.close();
    }
  });

  it('fails fast, and reports unhealthy, when Redis is down', async () => {
    // Port 1 refuses connections at once on loopback; nothing listens there.
    const dead = new RedisCacheStore({
      url: 'redis://127.0.0.1:1',
      keyPrefix,
      logger,
      checkTimeoutMs: 1_000,
    });
    const started = Date.now();
    const health = await dead.check();
    expect(health.ok).toBe(false);
    await expect(dead.get('anything')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    await dead.close();
  });
});
