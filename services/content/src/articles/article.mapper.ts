import type { Article, ArticleListItem, OriginalArticle } from '@pulse/contracts';
import type { ArticleRecord } from './article.record';

const toOriginal = (source: ArticleRecord['originalSources'][number]): OriginalArticle => ({
  sourceUrl: source.sourceUrl,
  title: source.title,
  author: source.author,
  sourceName: source.sourceName,
});

/** A stored article as the API sends it (docs/spec-content.md §3 Article). */
export function toArticle(record: ArticleRecord): Article {
  const { content, ...rest } = toListItemWithContent(record);
  return { ...rest, content };
}

/** Cards never render the body, so lists leave it out. */
export function toListItem(record: ArticleRecord): ArticleListItem {
  const { content: _content, ...item } = toListItemWithContent(record);
  return item;
}

function toListItemWithContent(record: ArticleRecord): Article {
  const originalSources = record.originalSources.map(toOriginal);
  return {
    id: record._id,
    type: record.type,
    title: record.title,
    summary: record.summary,
    content: record.content,
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
  };
}
