import { articleListItemSchema } from './content';
import { z } from 'zod';
import { MAX_LIST_LIMIT, PAGE_SIZES } from './constants';
import { intParam, oneOf, strictParams } from './params';
import { CONTENT_TYPES, TECHNOLOGY_CATEGORY_VALUES } from './taxonomy';

/** The trending service's calls (docs/spec-content.md §2 'Trending', §3 'Trending stats', §7). */

/** Labelled 24h, 7d, 30d in the UI. */
export const TRENDING_PERIODS = ['day', 'week', 'month'] as const;
export type TrendingPeriod = (typeof TRENDING_PERIODS)[number];

/** GET /api/trending/stats. */
export const trendingStatsResponseSchema = z
  .object({
    totalStats: z.object({
      totalArticles: z.number(),
      totalViews: z.number(),
      avgHotScore: z.number(),
    }),
    hotTopicStats: z.object({
      hotTopicCount: z.number(),
    }),
    /** One entry per day, date as yyyy-MM-dd (Asia/Seoul). */
    dailyTrends: z.array(
      z.object({
        date: z.string(),
        articles: z.number(),
      }),
    ),
  })
  .meta({ id: 'TrendingStatsResponse' });
export type TrendingStatsResponse = z.output<typeof trendingStatsResponseSchema>;

/**
 * A tech analysis ranked beside the articles (chosen): `kind` tells it from an article (which has none),
 * `url` is its page, /tech-analysis/{slug}. It has a technology instead of a category and no image. A
 * type filter lists articles only.
 */
export const trendingTechAnalysisSchema = z
  .object({
    kind: z.literal('tech-analysis'),
    id: z.string(),
    url: z.string(),
    title: z.string(),
    summary: z.string(),
    technologyName: z.string(),
    technologyCategory: z.enum(TECHNOLOGY_CATEGORY_VALUES),
    imageUrl: z.null(),
    publishedAt: z.string(),
    updatedAt: z.string(),
    likesCount: z.number(),
    sharesCount: z.number(),
    views: z.number(),
    hotScore: z.number(),
    viewsPerHour: z.number(),
    isHotTopic: z.boolean(),
  })
  .meta({ id: 'TrendingTechAnalysis' });
export type TrendingTechAnalysis = z.output<typeof trendingTechAnalysisSchema>;

/** An article item carries hotScore, viewsPerHour and isHotTopic, which Article already has. */
export const trendingArticleSchema = z.union([articleListItemSchema, trendingTechAnalysisSchema]);
export type TrendingArticle = z.output<typeof trendingArticleSchema>;

/** GET /api/trending/hot-topics, /popular and /rising. */
export const trendingListResponseSchema = z
  .object({
    articles: z.array(trendingArticleSchema),
  })
  .meta({ id: 'TrendingListResponse' });
export type TrendingListResponse = z.output<typeof trendingListResponseSchema>;

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
export const engagementVolumeSchema = z
  .object({
    views: z.number(),
    likes: z.number(),
    shares: z.number(),
  })
  .meta({ id: 'EngagementVolume' });
export type EngagementVolume = z.output<typeof engagementVolumeSchema>;

/**
 * GET /api/trending/admin/engagement (admin; docs/abuse/engagement.md): per article, the raw figures
 * content counted and what the hot score counts after the rigging filter.
 */
export const trendingEngagementFiguresResponseSchema = z
  .object({
    articles: z.array(
      z.object({
        articleId: z.string(),
        title: z.string().nullable(),
        hotScore: z.number(),
        raw: engagementVolumeSchema,
        counted: engagementVolumeSchema,
      }),
    ),
  })
  .meta({ id: 'TrendingEngagementFiguresResponse' });
export type TrendingEngagementFiguresResponse = z.output<typeof trendingEngagementFiguresResponseSchema>;
