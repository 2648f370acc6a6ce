import { SITEMAP_MAX_URLS } from '@pulse/contracts';
import { z } from 'zod';

/** Settings of the feeds and sitemaps. */
export const feedsConfigSchema = z.object({
  FEEDS_SITEMAP_URLS_PER_FILE: z.coerce
    .number()
    .int()
    .min(1)
    .max(SITEMAP_MAX_URLS)
    .default(SITEMAP_MAX_URLS)
    .describe(
      `Most URLs in one sitemap file; with more, /sitemap.xml becomes an index of /sitemap.xml?page=N files (the protocol allows at most ${SITEMAP_MAX_URLS}).`,
    ),
});
export type FeedsConfig = z.output<typeof feedsConfigSchema>;

export const FEEDS_CONFIG = Symbol.for('pulse.content.FeedsConfig');
