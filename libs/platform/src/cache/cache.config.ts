import { z } from 'zod';

/** Cache and counters port. Embedded mode keeps everything in process; several replicas need Redis. */
export const cacheConfigSchema = z
  .object({
    CACHE_DRIVER: z
      .enum(['memory', 'redis'])
      .default('memory')
      .describe(
        'Cache, counters and rate-limit buckets: `memory` (one process only) or `redis` (shared by replicas).',
      ),
    REDIS_URL: z
      .string()
      .url()
      .optional()
      .describe(
        'Redis connection URL, e.g. redis://:password@redis:6379/0. Required when CACHE_DRIVER=redis.',
      ),
    CACHE_KEY_PREFIX: z
      .string()
      .default('pulse:')
      .describe('Prefix of every Redis key, so several deployments can share one Redis.'),
  })
  .superRefine((config, ctx) => {
    if (config.CACHE_DRIVER === 'redis' && !config.REDIS_URL) {
      ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'is required when CACHE_DRIVER=redis' });
    }
  });

export type CacheConfig = z.output<typeof cacheConfigSchema>;
