import type { CategorySlug, ContentType, TechnologyCategory } from '@pulse/contracts';

/**
 * One article as trending knows it: the list-item metadata from article.published and the durable
 * engagement totals, with the scores of the last recompute. The totals are written by the engagement
 * handler before the bus commits the event (services/trending/README.md 'Durability').
 */
export interface TrendingArticleRecord {
  _id: string;
  /** Absent until article.published arrived (engagement can arrive first). */
  type?: ContentType;
  title?: string;
  summary?: string;
  categories?: CategorySlug[];
  tags?: string[];
  publishedAt?: string;
  url?: string;
  imageUrl?: string | null;
  /**
   * When an editor took it down (article.withdrawn), unless it was published again later: a withdrawn
   * article is on no list and in no recompute; its counters stay for a publication again.
   */
  withdrawnAt?: string;
  /** A tech analysis (techanalysis.published), listed with its own page; absent on articles. */
  kind?: 'tech-analysis';
  technologyName?: string;
  technologyCategory?: TechnologyCategory;
  views: number;
  likes: number;
  shares: number;
  /** Shares through a social platform (not copy-link or the native sheet). */
  snsShares: number;
  /**
   * What the rigging filter took off views, likes and shares (EngagementFilter, docs/abuse/engagement.md):
   * views, likes and shares above are the raw figures content counted; raw minus these is what the hot
   * score counts. Absent until the filter first discounted something.
   */
  discountedViews?: number;
  discountedLikes?: number;
  discountedShares?: number;
  hotScore: number;
  viewsPerHour: number;
  isHotTopic: boolean;
  rising: boolean;
  /** Views in the last 30 minutes at the last recompute: the rising list's order. */
  recentViews: number;
  lastEngagedAt?: string;
  updatedAt: string;
  /**
   * The last batch applies whose counters this document took, written by the same update as the
   * counters: a redelivered batch whose markers were left pending asks here whether to apply them.
   */
  appliedBatches?: string[];
}
