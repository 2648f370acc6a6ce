import { z } from 'zod';

/** The trending service's own settings (the cache, store and bus are configured by their ports). */
export const trendingConfigSchema = z.object({
  TRENDING_RECOMPUTE_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(300)
    .default(300)
    .describe(
      'How often hotScore, viewsPerHour, HOT and rising are recomputed for every recent article (at most 5 minutes).',
    ),
  TRENDING_RECOMPUTE_DEBOUNCE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(2_000)
    .describe(
      'After engagement arrives, recompute once it has been quiet this long (a burst triggers one recompute, not one per event).',
    ),
  TRENDING_READ_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(2_000)
    .describe(
      "How long a replica answers the same trending list or statistics query from its last read (0: always read the store). This replica's own score and counter writes drop them at once, and so does any replica's purge of the trending answers (once per recompute pass).",
    ),
});

export type TrendingConfig = z.output<typeof trendingConfigSchema>;

export const TRENDING_CONFIG = Symbol.for('pulse.trending.Config');

/** What time it is; tests inject a settable clock so windows and decay are exact. */
export interface TrendingClock {
  now(): number;
}
export const TRENDING_CLOCK = Symbol.for('pulse.trending.Clock');
export const systemClock: TrendingClock = { now: () => Date.now() };
