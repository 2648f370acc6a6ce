import { z } from 'zod';

const filterInt = (min: number, max: number, fallback: number, description: string) =>
  z.coerce.number().int().min(min).max(max).default(fallback).describe(description);

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
  TRENDING_FILTER_NETWORK_FREE: filterInt(
    1,
    10_000,
    2,
    'Rigging filter: views, likes or shares of one article from one network (IPv4 address, IPv6 /64) in one hour that weigh fully in the hot score; the ones after weigh 1/2, 1/3, … (docs/abuse/engagement.md).',
  ),
  TRENDING_FILTER_NEW_SESSION_MINUTES: filterInt(
    0,
    7 * 24 * 60,
    30,
    'Rigging filter: a reader session younger than this many minutes at the engagement is brand-new (0: none is).',
  ),
  TRENDING_FILTER_NEW_SESSION_FREE_VIEWS: filterInt(
    0,
    1_000_000,
    300,
    'Rigging filter: views of one article from brand-new sessions in one hour that weigh fully; the ones after weigh 1/2, 1/3, ….',
  ),
  TRENDING_FILTER_NEW_SESSION_FREE_LIKES: filterInt(
    0,
    1_000_000,
    10,
    'Rigging filter: likes of one article from brand-new sessions in one hour that weigh fully; the ones after weigh 1/2, 1/3, ….',
  ),
  TRENDING_FILTER_NEW_SESSION_FREE_SHARES: filterInt(
    0,
    1_000_000,
    5,
    'Rigging filter: shares of one article from brand-new sessions in one hour that weigh fully; the ones after weigh 1/2, 1/3, ….',
  ),
});

export type TrendingConfig = z.output<typeof trendingConfigSchema>;

export const TRENDING_CONFIG = Symbol.for('pulse.trending.Config');
