import type { Logger } from 'pino';
import type { CacheConfig } from './cache.config';
import type { CacheStore } from './cache.port';
import { MemoryCacheStore } from './memory.cache';
import { RedisCacheStore } from './redis.cache';

export interface CacheDeps {
  logger: Logger;
}

export function createCacheStore(config: CacheConfig, deps: CacheDeps): CacheStore {
  if (config.CACHE_DRIVER === 'redis') {
    // The schema's refinement guarantees REDIS_URL here; checked again for callers that skip the schema.
    if (!config.REDIS_URL) throw new Error('REDIS_URL is required when CACHE_DRIVER=redis');
    deps.logger.info({ adapter: 'redis', keyPrefix: config.CACHE_KEY_PREFIX }, 'cache: Redis');
    return new RedisCacheStore({
      url: config.REDIS_URL,
      keyPrefix: config.CACHE_KEY_PREFIX,
      logger: deps.logger,
    });
  }
  deps.logger.info({ adapter: 'memory' }, 'cache: in-memory (single process only)');
  return new MemoryCacheStore();
}
