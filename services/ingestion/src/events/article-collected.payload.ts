import {
  articleCollectedPayloadSchema,
  httpUrl,
  isoDateTime,
  youtubeVideoIdSchema,
  type ArticleCollectedPayload,
  type OriginalSource,
} from '@pulse/contracts';
import { sanitiseHtml } from '@pulse/platform';
import type { CanonicalItem } from '../pipeline/pipeline.types';

const SUMMARY_MAX = 5000;
/** The contract's bound on a story's original sources. */
const YOUTUBE_MAX = 20;

const validOr = <T>(
  schema: { safeParse(v: unknown): { success: boolean } },
  value: T | undefined,
): T | null => (value !== undefined && schema.safeParse(value).success ? value : null);

/** The item as one original source of its story. */
export function toOriginalSource(item: CanonicalItem): OriginalSource {
  return {
    sourceId: item.sourceId,
    sourceName: item.sourceName,
    url: item.link,
    canonicalUrl: item.canonicalUrl,
    title: item.title,
    author: item.author ? item.author.slice(0, 300) : null,
    publishedAt: validOr(isoDateTime, item.publishedAt),
  };
}

/**
 * article.collected for a new story. Optional parts that break the contract (an image with a javascript:
 * URL, a malformed date) are dropped rather than losing the story; required parts that break it (a
 * 5 000-character title, a body over the bus's size bound) make validate() reject the item.
 */
export function toArticleCollectedPayload(
  item: CanonicalItem,
  clusterId: string,
  collectedAt: string,
): ArticleCollectedPayload {
  return {
    clusterId,
    sources: [toOriginalSource(item)],
    title: item.title,
    summary: (item.summary ?? '').slice(0, SUMMARY_MAX),
    // Feeds and scraped pages are untrusted: the body leaves ingestion already on the allow-list, so a
    // pending (untranslated) article can be shown as is and the LLM never sees scripts.
    bodyHtml: sanitiseHtml(item.bodyHtml ?? ''),
    imageUrl: validOr(httpUrl, item.imageUrl),
    youtubeVideoIds: item.youtubeIds
      .filter((id) => youtubeVideoIdSchema.safeParse(id).success)
      .slice(0, YOUTUBE_MAX),
    // Every source on the default list publishes in English; a detector is not worth its cost yet.
    language: 'en',
    collectedAt,
  };
}

/** Null when the payload satisfies the contract, else the first problem, naming the field. */
export function contractProblem(payload: ArticleCollectedPayload): string | null {
  const result = articleCollectedPayloadSchema.safeParse(payload);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return `${issue.path.join('.') || 'payload'}: ${issue.message}`;
}
