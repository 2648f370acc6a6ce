import { z } from 'zod';
import { SHARE_PLATFORMS } from '../api/interactions';
import { CATEGORY_SLUGS, CONTENT_TYPES, TRANSLATION_STATUSES } from '../api/taxonomy';

/** Field schemas several event payloads share, built on the same vocabularies as the public API. */

export const entityId = z.string().min(1).max(200);
export const isoDateTime = z.iso.datetime({ offset: true });
/** Only http(s): a javascript: or file: URL from a feed must never reach a page. */
export const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);

export const categorySlugSchema = z.enum(CATEGORY_SLUGS);
export const contentTypeSchema = z.enum(CONTENT_TYPES);
export const translationStatusSchema = z.enum(TRANSLATION_STATUSES);
export const sharePlatformSchema = z.enum(SHARE_PLATFORMS);

/** A YouTube video id is 11 URL-safe characters. */
export const youtubeVideoIdSchema = z.string().regex(/^[A-Za-z0-9_-]{11}$/);

/**
 * One original source of a story (DESIGN §5: near-duplicates across sources cluster into one article).
 * canonicalUrl has tracking parameters stripped and is what dedup compares.
 */
export const originalSourceSchema = z.object({
  sourceId: entityId,
  sourceName: z.string().min(1).max(200),
  url: httpUrl,
  canonicalUrl: httpUrl,
  title: z.string().min(1).max(1000),
  author: z.string().max(300).nullable(),
  publishedAt: isoDateTime.nullable(),
});
export type OriginalSource = z.output<typeof originalSourceSchema>;

/** Bounds that keep one message well under Kafka's default 1 MB limit. */
export const BODY_HTML_MAX = 500_000;
