import type { TrendingArticle, TrendingTechAnalysis } from '@pulse/contracts';
import type { TrendingArticleRecord } from './trending-article.record';

const tagSlug = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');

/**
 * A list item from what article.published carries. Fields the event does not carry (videos, sources,
 * meta) are empty; the detail page reads them from content.
 */
export function toListItem(record: TrendingArticleRecord): TrendingArticle {
  if (record.kind === 'tech-analysis') return toTechAnalysisItem(record);
  const [primary, secondary] = record.categories ?? [];
  return {
    id: record._id,
    type: record.type!,
    title: record.title!,
    summary: record.summary ?? '',
    imageUrl: record.imageUrl ?? null,
    publishedAt: record.publishedAt!,
    updatedAt: record.updatedAt,
    primaryCategory: primary,
    secondaryCategory: secondary ?? null,
    category: primary,
    tags: (record.tags ?? []).map((name) => ({ id: tagSlug(name), name, slug: tagSlug(name) })),
    youtubeVideos: [],
    originalArticle: null,
    originalSources: [],
    likesCount: record.likes,
    sharesCount: record.shares,
    views: record.views,
    hotScore: record.hotScore,
    viewsPerHour: record.viewsPerHour,
    isHotTopic: record.isHotTopic,
    snsShareCount: record.snsShares,
    techMeta: null,
    insightMeta: null,
    // article.published carries no translation status; only published (readable) articles reach us.
    translationStatus: 'translated',
  };
}

/** A tech analysis from what techanalysis.published carries: its page, technology and the same scores. */
function toTechAnalysisItem(record: TrendingArticleRecord): TrendingTechAnalysis {
  return {
    kind: 'tech-analysis',
    id: record._id,
    url: record.url!,
    title: record.title!,
    summary: record.summary ?? '',
    technologyName: record.technologyName!,
    technologyCategory: record.technologyCategory!,
    imageUrl: null,
    publishedAt: record.publishedAt!,
    updatedAt: record.updatedAt,
    likesCount: record.likes,
    sharesCount: record.shares,
    views: record.views,
    hotScore: record.hotScore,
    viewsPerHour: record.viewsPerHour,
    isHotTopic: record.isHotTopic,
  };
}
