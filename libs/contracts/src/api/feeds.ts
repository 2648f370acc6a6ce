import { z } from 'zod';
import { intParam, strictParams } from './params';

/**
 * The feeds and sitemaps outside /api (docs/spec-content.md §2; paths in routing.ts) and the query rules of the
 * calls that take no parameters. Formats: RSS 2.0, Atom 1.0 (RFC 4287), JSON Feed 1.1, the sitemaps.org
 * protocol 0.9 and Google's News sitemap extension.
 */

/** Items per RSS, Atom and JSON feed (newest first). Seed: not shown; chosen. */
export const FEED_ITEM_LIMIT = 50;
/** The sitemaps.org protocol's limit on URLs per sitemap file; above it /sitemap.xml becomes an index. */
export const SITEMAP_MAX_URLS = 50_000;
/** Google News sitemaps list articles published in the last two days, at most 1,000 of them. */
export const NEWS_SITEMAP_WINDOW_MS = 2 * 86_400_000;
export const NEWS_SITEMAP_MAX_URLS = 1000;

export const FEED_CONTENT_TYPES = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  jsonFeed: 'application/feed+json; charset=utf-8',
  sitemap: 'application/xml; charset=utf-8',
} as const;

/** Calls that take no query parameters (the feeds, GET /api/sources, the sidebar): any parameter is a 400. */
export const noQueryParamsSchema = strictParams({});

/** GET /sitemap.xml?page=N: one file of a sitemap split by an index (page absent: the index or the only file). */
export const sitemapQuerySchema = strictParams({
  page: intParam('page', { min: 1, max: 100_000 }).optional(),
});
export type SitemapQuery = z.output<typeof sitemapQuerySchema>;

/**
 * /category/{slug}/rss.xml takes a slug, or a legacy or Korean name that redirects to the slug's feed
 * (docs/spec-content.md §2), so spaces are allowed; only the length is bounded before the name is resolved.
 */
export const categoryFeedNameSchema = z
  .string({ error: () => 'slug is required' })
  .min(1, { error: 'slug must be 1 to 100 characters' })
  .max(100, { error: 'slug must be 1 to 100 characters' });

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1), the fields /feed.json sends. */
export interface JsonFeed {
  version: 'https://jsonfeed.org/version/1.1';
  title: string;
  home_page_url: string;
  feed_url: string;
  description: string;
  language: string;
  icon?: string;
  authors: Array<{ name: string; url?: string }>;
  items: JsonFeedItem[];
}

export interface JsonFeedItem {
  id: string;
  url: string;
  title: string;
  summary: string;
  content_html: string;
  image?: string;
  date_published: string;
  date_modified: string;
  tags: string[];
}
