import { z } from 'zod';
import type { ArticleListItem } from './content';
import { MAX_LIST_LIMIT, PAGE_SIZES } from './constants';
import { intParam, oneOf, strictParams } from './params';
import { CONTENT_TYPES, type TechnologyCategory } from './taxonomy';

/** The trending service's calls (docs/spec-content.md §2 'Trending', §3 'Trending stats', §7). */

/** Labelled 24h, 7d, 30d in the UI. */
export const TRENDING_PERIODS = ['day', 'week', 'month'] as const;
export type TrendingPeriod = (typeof TRENDING_PERIODS)[number];

/** GET /api/trending/stats. */
export interface TrendingStatsResponse {
  totalStats: { totalArticles: number; totalViews: number; avgHotScore: number };
  hotTopicStats: { hotTopicCount: number };
  /** One entry per day, date as yyyy-MM-dd (Asia/Seoul). */
  dailyTrends: Array<{ date: string; articles: number }>;
}

/**
 * A tech analysis ranked beside the articles (chosen): `kind` tells it from an article (which has none),
 * `url` is its page, /tech-analysis/{slug}. It has a technology instead of a category and no image. A
 * type filter lists articles only.
 */
export interface TrendingTechAnalysis {
  kind: 'tech-analysis';
  id: string;
  url: string;
  title: string;
  summary: string;
  technologyName: string;
  technologyCategory: TechnologyCategory;
  imageUrl: null;
  publishedAt: string;
  updatedAt: string;
  likesCount: number;
  sharesCount: number;
  views: number;
  hotScore: number;
  viewsPerHour: number;
  isHotTopic: boolean;
}

/** An article item carries hotScore, viewsPerHour and isHotTopic, which Article already has. */
export type TrendingArticle = ArticleListItem | TrendingTechAnalysis;

/** GET /api/trending/hot-topics, /popular and /rising. */
export interface TrendingListResponse {
  articles: TrendingArticle[];
}

const limit = intParam('limit', { min: 1, max: MAX_LIST_LIMIT }).default(PAGE_SIZES.trending);
/** The type selector's 'all' sends no type; 'all' is also accepted and means the same. */
const type = oneOf('type', ['all', ...CONTENT_TYPES])
  .optional()
  .transform((value) => (value === 'all' ? undefined : value));
const period = oneOf('period', TRENDING_PERIODS).default('day');

export const trendingStatsQuerySchema = strictParams({ period });
/** limit=10 on the trending page, 6 on the home page. */
export const hotTopicsQuerySchema = strictParams({ limit, type });
export const popularQuerySchema = strictParams({ period, limit, type });
export const risingQuerySchema = strictParams({ limit });
/** GET /api/trending/admin/engagement (admin): the hottest articles' raw and counted engagement. */
export const engagementFiguresQuerySchema = strictParams({ limit });

export type TrendingStatsQuery = z.output<typeof trendingStatsQuerySchema>;
export type HotTopicsQuery = z.output<typeof hotTopicsQuerySchema>;
export type PopularQuery = z.output<typeof popularQuerySchema>;
export type RisingQuery = z.output<typeof risingQuerySchema>;

/** Views, likes and shares of one article. */
export interface EngagementVolume {
  views: number;
  likes: number;
  shares: number;
}

/**
 * GET /api/trending/admin/engagement (admin; docs/abuse/engagement.md): per article, the raw figures
 * content counted and what the hot score counts after the rigging filter.
 */
export interface TrendingEngagementFiguresResponse {
  articles: Array<{
    articleId: string;
    title: string | null;
    hotScore: number;
    raw: EngagementVolume;
    counted: EngagementVolume;
  }>;
}
