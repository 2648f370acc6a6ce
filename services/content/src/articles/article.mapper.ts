import type { Article, ArticleFreshness, ArticleListItem, OriginalArticle } from '@pulse/contracts';
import type { ArticleRecord } from './article.record';

const toOriginal = (source: ArticleRecord['originalSources'][number]): OriginalArticle => ({
  sourceUrl: source.sourceUrl,
  title: source.title,
  author: source.author,
  sourceName: source.sourceName,
  sourceId: source.sourceId,
});

/** A stored article as the API sends it (docs/spec-content.md §3 Article). */
export function toArticle(record: ArticleRecord): Article {
  return {
    ...toListItem(record),
    content: record.content,
    freshness: freshnessOf(record),
    bilingual: record.bilingual ?? null,
    storyId: record.storyId ?? null,
  };
}

/** Cards never render the body, the freshness stamp or the bilingual view, so lists leave them out. */
export function toListItem(record: ArticleRecord): ArticleListItem {
  const originalSources = record.originalSources.map(toOriginal);
  return {
    id: record._id,
    type: record.type,
    title: record.title,
    summary: record.summary,
    imageUrl: record.imageUrl,
    publishedAt: record.publishedAt,
    updatedAt: record.updatedAt,
    primaryCategory: record.primaryCategory,
    secondaryCategory: record.secondaryCategory,
    category: record.primaryCategory,
    tags: record.tags,
    youtubeVideos: record.youtubeVideos,
    originalArticle: originalSources[0] ?? null,
    originalSources,
    likesCount: record.likesCount,
    sharesCount: record.sharesCount,
    views: record.views,
    hotScore: record.hotScore,
    viewsPerHour: record.viewsPerHour,
    isHotTopic: record.isHotTopic,
    snsShareCount: record.snsShareCount,
    techMeta: record.techMeta,
    insightMeta: record.insightMeta,
    translationStatus: record.translationStatus,
    ...(record.sample ? { sample: true } : {}),
    ...(record.storyId ? { storyId: record.storyId } : {}),
  };
}

function freshnessOf(record: ArticleRecord): ArticleFreshness {
  // Sample articles of the demo corpus were never fetched nor translated at those times: no stamp.
  if (record.sample) return { sourcePublishedAt: null, collectedAt: null, koreanPublishedAt: null };
  return {
    sourcePublishedAt: record.originalSources[0]?.publishedAt ?? null,
    collectedAt: record.collectedAt ?? null,
    koreanPublishedAt: record.koreanPublishedAt ?? null,
  };
}
