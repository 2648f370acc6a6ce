import {
  TOPICS,
  type ArticleBilingual,
  type ArticlePublishedPayload,
  type ArticlePublishedV2Payload,
  type ArticleTranslatedPayload,
  type YoutubeVideo,
} from '@pulse/contracts';
import type { OutboxWriter } from '@pulse/platform';
import { sanitiseHtml, toPlainText } from '@pulse/platform';
import { youtubeThumbnail, type ArticleContent, type ArticleRecord } from '../articles/article.record';
import { uniqueTags } from '../articles/tag-slug';

/** The content fields of an article, as article.translated gives them (counters are not touched). */
export type TranslatedFields = ArticleContent &
  Pick<
    ArticleRecord,
    'type' | 'translationStatus' | 'sourceVersion' | 'storyId' | 'collectedAt' | 'bilingual'
  >;

/** An event's time as a UTC ISO string, so stored times compare as strings ('+09:00' offsets are allowed). */
const utc = (at: string): string => new Date(at).toISOString();

const toVideo = (video: ArticleTranslatedPayload['youtubeVideos'][number]): YoutubeVideo => ({
  embedId: video.embedId,
  title: video.title ?? '',
  thumbnailUrl: video.thumbnailUrl ?? youtubeThumbnail(video.embedId),
  channelTitle: video.channelTitle ?? '',
});

export function translatedFields(payload: ArticleTranslatedPayload): TranslatedFields {
  return {
    type: payload.contentType,
    // Plain text whoever wrote the event (the link rule: ARCHITECTURE.md, "What an LLM may write").
    title: toPlainText(payload.title),
    summary: toPlainText(payload.summary),
    // Translation sanitised it already; sanitised again here because this service is the one that serves
    // it, and an event on the bus is only as trustworthy as every producer that can write to the topic.
    content: sanitiseHtml(payload.bodyHtml),
    imageUrl: payload.imageUrl,
    primaryCategory: payload.primaryCategory,
    secondaryCategory:
      payload.secondaryCategory === payload.primaryCategory ? null : payload.secondaryCategory,
    tags: uniqueTags(payload.tags.map(toPlainText).filter(Boolean)),
    youtubeVideos: payload.youtubeVideos.map(toVideo),
    originalSources: payload.sources.map((source) => ({
      sourceId: source.sourceId,
      sourceName: source.sourceName,
      sourceUrl: source.url,
      title: source.title,
      author: source.author,
      publishedAt: source.publishedAt === null ? null : utc(source.publishedAt),
    })),
    insightMeta:
      payload.contentType === 'insight'
        ? { keyInsights: payload.keyInsights.map(toPlainText), relatedIndustries: [] }
        : null,
    translationStatus: payload.translationStatus,
    sourceVersion: payload.translatedAt,
    storyId: payload.clusterId,
    // Set or cleared on every translation, so a re-translation never keeps pairs of the text it replaced.
    bilingual: payload.translationStatus === 'translated' ? bilingualOf(payload.bilingual) : null,
    ...(payload.collectedAt ? { collectedAt: utc(payload.collectedAt) } : {}),
  };
}

/**
 * The bilingual view as plain text on both sides (the contract checked the indexes; text is made plain here for
 * the same reason the body is sanitised again); null when there is none or nothing is left of a side.
 */
function bilingualOf(view: ArticleTranslatedPayload['bilingual']): ArticleBilingual | null {
  if (!view) return null;
  const sourceParagraphs = view.sourceParagraphs.map(toPlainText);
  const pairs = view.pairs.map((pair) => ({ korean: toPlainText(pair.korean), sources: pair.sources }));
  const empty = (text: string) => text.length === 0;
  return sourceParagraphs.some(empty) || pairs.some((pair) => empty(pair.korean))
    ? null
    : { sourceParagraphs, pairs };
}

/**
 * koreanPublishedAt for an article about to be stored in `state`: kept once set, else this event's time when it
 * puts a Korean translation live (not an English 'pending' stand-in, not a held one).
 */
export function koreanPublishedAt(
  current: Pick<ArticleRecord, 'koreanPublishedAt'> | null,
  payload: ArticleTranslatedPayload,
  state: ArticleRecord['state'],
): { koreanPublishedAt?: string } {
  if (current?.koreanPublishedAt) return { koreanPublishedAt: current.koreanPublishedAt };
  return state === 'published' && payload.translationStatus === 'translated'
    ? { koreanPublishedAt: utc(payload.translatedAt) }
    : {};
}

const READER_PATHS = { news: 'news', insight: 'insights', analysis: 'analysis' } as const;

/**
 * The article.published payload of a stored article. A generated image is stored site-relative; the event
 * carries it absolute (its consumers build e-mails and previews outside the site).
 */
export function publishedPayload(article: ArticleRecord, siteUrl: string): ArticlePublishedPayload {
  return {
    id: article._id,
    type: article.type,
    title: article.title.slice(0, 300),
    summary: article.summary.slice(0, 1000),
    categories: article.secondaryCategory
      ? [article.primaryCategory, article.secondaryCategory]
      : [article.primaryCategory],
    tags: article.tags.map((tag) => tag.name.slice(0, 50)).slice(0, 10),
    publishedAt: article.publishedAt,
    url: `/${READER_PATHS[article.type]}/${encodeURIComponent(article._id)}`,
    imageUrl: article.imageUrl?.startsWith('/') ? `${siteUrl}${article.imageUrl}` : article.imageUrl,
  };
}

/** article.published v2: v1 with the story and its sources (community follows stories with it). */
export function publishedV2Payload(article: ArticleRecord, siteUrl: string): ArticlePublishedV2Payload {
  return {
    ...publishedPayload(article, siteUrl),
    storyId: article.storyId ?? null,
    sources: article.originalSources
      .filter((source) => /^https?:\/\//.test(source.sourceUrl))
      .slice(0, 50)
      .map((source) => ({ sourceName: source.sourceName.slice(0, 200) || '출처', url: source.sourceUrl })),
  };
}

/** The events of a published article's change: v1 and v2 side by side until every consumer reads v2. */
export function publishedEvents(outbox: OutboxWriter, article: ArticleRecord, siteUrl: string) {
  return [
    outbox.event(TOPICS.articlePublished, publishedPayload(article, siteUrl)),
    outbox.event(TOPICS.articlePublishedV2, publishedV2Payload(article, siteUrl)),
  ];
}
