import pino from 'pino';
import { cacheConfigSchema } from './cache.config';
import { createCacheStore } from './cache.factory';
import { MemoryCacheStore } from './memory.cache';
import { RedisCacheStore } from './redis.cache';

const logger = pino({ level: 'silent' });

describe('cache configuration', () => {
  it('defaults to the in-memory driver with the pulse: prefix', () => {
    expect(cacheConfigSchema.parse({})).toEqual({ CACHE_DRIVER: 'memory', CACHE_KEY_PREFIX: 'pulse:' });
  });

  it('names REDIS_URL when the redis driver has none', () => {
    const result = cacheConfigSchema.safeParse({ CACHE_DRIVER: 'redis' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['REDIS_URL']);
  });

  it('names CACHE_DRIVER when it is unknown', () => {
    const result = cacheConfigSchema.safeParse({ CACHE_DRIVER: 'memcached' });
    expect(result.error?.issues[0].path).toEqual(['CACHE_DRIVER']);
  });

  it('describes every variable for the README table', () => {
    for (const [name, field] of Object.entries(cacheConfigSchema.shape)) {
      expect([name, field.description]).toEqual([name, expect.any(String)]);
    }
  });

  it('builds the adapter the driver names', async () => {
    const memory = createCacheStore(cacheConfigSchema.parse({}), { logger });
    expect(memory).toBeInstanceOf(MemoryCacheStore);
    await memory.close();
    const redis = createCacheStore(
      cacheConfigSchema.parse({ CACHE_DRIVER: 'redis', REDIS_URL: 'redis://127.0.0.1:1' }),
      { logger },
    );
    expect(redis).toBeInstanceOf(RedisCacheStore);
    await redis.close();
  });
});
