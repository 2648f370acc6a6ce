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
 * One original source of a story (docs/design.md §5: near-duplicates across sources cluster into one article).
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

/** Most original sources an article lists (article.collected and article.translated). */
export const ORIGINAL_SOURCES_MAX = 50;

/** The events' list of a story's sources: at least one, at most ORIGINAL_SOURCES_MAX. */
export const originalSourcesSchema = z.array(originalSourceSchema).min(1).max(ORIGINAL_SOURCES_MAX);

/**
 * A story's sources with `more` added: de-duplicated by canonical URL, the earlier entry kept, in order,
 * at most ORIGINAL_SOURCES_MAX (a source past the cap is dropped, so the story keeps its first sources).
 * Shared by ingestion (the story record) and translation (the article), so both lists agree.
 */
export function mergeOriginalSources(existing: OriginalSource[], more: OriginalSource[]): OriginalSource[] {
  const seen = new Set<string>();
  const merged: OriginalSource[] = [];
  for (const source of [...existing, ...more]) {
    if (merged.length >= ORIGINAL_SOURCES_MAX) break;
    if (seen.has(source.canonicalUrl)) continue;
    seen.add(source.canonicalUrl);
    merged.push(source);
  }
  return merged;
}

/** Bounds that keep one message well under Kafka's default 1 MB limit. */
export const BODY_HTML_MAX = 500_000;
