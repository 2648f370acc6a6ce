import type { CreateInsightBody } from '@pulse/contracts';
import { sanitiseHtml, toPlainText } from '@pulse/platform';
import { youtubeThumbnail, type ArticleContent } from '../articles/article.record';
import { uniqueTags } from '../articles/tag-slug';

/** An insight written here has no feed behind it; its own sources are named by URL. */
const EDITORIAL_SOURCE_ID = 'pulse-editorial';

/** The content fields of an insight that authoring writes (the rest is state, time and counters). */
export type InsightContent = ArticleContent;

/** Stored content of a validated insight body: HTML sanitised (docs/design.md §10), tags slugged once each. */
export function toInsightContent(input: CreateInsightBody): InsightContent {
  return {
    // Titles and summaries are plain text on every path that writes them (ARCHITECTURE.md).
    title: toPlainText(input.title),
    summary: toPlainText(input.summary),
    content: sanitiseHtml(input.content),
    imageUrl: input.imageUrl,
    primaryCategory: input.primaryCategory,
    secondaryCategory: input.secondaryCategory === input.primaryCategory ? null : input.secondaryCategory,
    // Names arrive trimmed (the body schema trims), so the stored name is the editor's.
    tags: uniqueTags(input.tags),
    youtubeVideos: input.youtubeVideoIds.map((embedId) => ({
      embedId,
      title: '',
      thumbnailUrl: youtubeThumbnail(embedId),
      channelTitle: '',
    })),
    originalSources: input.originalSources.map((source) => ({
      sourceId: EDITORIAL_SOURCE_ID,
      sourceName: source.sourceName,
      sourceUrl: source.sourceUrl,
      title: source.title,
      author: source.author,
    })),
    insightMeta: { keyInsights: input.keyInsights, relatedIndustries: input.relatedIndustries },
  };
}

/** Back to an input, so a PATCH merges onto the stored values. */
export function toInsightInput(record: InsightContent): CreateInsightBody {
  return {
    title: record.title,
    summary: record.summary,
    content: record.content,
    imageUrl: record.imageUrl,
    primaryCategory: record.primaryCategory,
    secondaryCategory: record.secondaryCategory,
    tags: record.tags.map((tag) => tag.name),
    youtubeVideoIds: record.youtubeVideos.map((video) => video.embedId),
    originalSources: record.originalSources.map((source) => ({
      sourceUrl: source.sourceUrl,
      title: source.title,
      author: source.author,
      sourceName: source.sourceName,
    })),
    keyInsights: record.insightMeta?.keyInsights ?? [],
    relatedIndustries: record.insightMeta?.relatedIndustries ?? [],
  };
}
