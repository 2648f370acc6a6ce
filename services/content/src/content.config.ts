import { z } from 'zod';

/** Settings the whole content service shares (each area's own settings live beside it). */
export const siteConfigSchema = z.object({
  PUBLIC_SITE_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, ''))
    .describe(
      'Public origin of the site (no trailing slash): feeds, sitemaps and image URLs are absolute against it.',
    ),
});
export type SiteConfig = z.output<typeof siteConfigSchema>;

export const SITE_CONFIG = Symbol.for('pulse.content.SiteConfig');
