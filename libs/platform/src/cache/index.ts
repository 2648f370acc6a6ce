export * from './cache.port';
export * from './cache.config';
export * from './cache.factory';
export { MemoryCacheStore, type MemoryCacheOptions } from './memory.cache';
export { RedisCacheStore, type RedisCacheOptions } from './redis.cache';
