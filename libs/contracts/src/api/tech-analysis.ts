import { z } from 'zod';
import { MAX_LIST_LIMIT, PAGE_SIZES } from './constants';
import { MAX_LIST_PAGE } from './content-queries';
import { intParam, oneOf, strictParams } from './params';
import { DIFFICULTY_LEVELS, TECHNOLOGY_CATEGORY_VALUES } from './taxonomy';
import type { NotCountedReason } from './interactions';

/** Tech analyses: tutorials with code and difficulty (docs/spec-content.md §2 'Tech analysis', §3 TechAnalysis, §7). */
export const codeExampleSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    language: z.string(),
    code: z.string(),
    description: z.string().optional(),
    /** The code tab sorts by this. */
    order: z.number(),
  })
  .meta({ id: 'CodeExample' });
export type CodeExample = z.output<typeof codeExampleSchema>;

/** The resources tab picks an icon by type: github, documentation, anything else 'other'. */
export const EXTERNAL_RESOURCE_TYPES = ['github', 'documentation', 'other'] as const;
export type ExternalResourceType = (typeof EXTERNAL_RESOURCE_TYPES)[number];

export const externalResourceSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    url: z.string(),
    description: z.string().optional(),
    type: z.enum(EXTERNAL_RESOURCE_TYPES),
  })
  .meta({ id: 'ExternalResource' });
export type ExternalResource = z.output<typeof externalResourceSchema>;

/** docs/spec-content.md §3: what a list item carries. */
export const techAnalysisListItemSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    executiveSummary: z.string(),
    technologyName: z.string(),
    technologyCategory: z.enum(TECHNOLOGY_CATEGORY_VALUES),
    difficultyLevel: z.enum(DIFFICULTY_LEVELS),
    /** Minutes. */
    estimatedReadingTime: z.number(),
    likesCount: z.number(),
    publishedAt: z.string(),
    /** true on the demo corpus's sample analyses (docs/design.md §2: sample content is clearly marked). */
    sample: z.boolean().optional(),
  })
  .meta({ id: 'TechAnalysisListItem' });
export type TechAnalysisListItem = z.output<typeof techAnalysisListItemSchema>;

/** docs/spec-content.md §3 TechAnalysis, the detail page's fields. */
export const techAnalysisSchema = techAnalysisListItemSchema
  .extend({
    seoKeywords: z.array(z.string()),
    /** 85 or more shows 'recommended' (see isRecommended). */
    qualityScore: z.number(),
    views: z.number(),
    introduction: z.string(),
    coreConceptsExplanation: z.string(),
    prosAndCons: z.object({
      pros: z.array(z.string()),
      cons: z.array(z.string()),
    }),
    useCases: z.array(z.string()),
    comparisonWithAlternatives: z.string(),
    gettingStarted: z.string(),
    tutorialContent: z.string(),
    bestPractices: z.array(z.string()),
    commonPitfalls: z.array(z.string()),
    futureOutlook: z.string(),
    conclusion: z.string(),
    codeExamples: z.array(codeExampleSchema),
    externalResources: z.array(externalResourceSchema),
  })
  .meta({ id: 'TechAnalysis' });
export type TechAnalysis = z.output<typeof techAnalysisSchema>;

/** docs/spec-content.md §3: the detail response's related analyses. */
export const relatedAnalysisSchema = techAnalysisSchema.pick({
  id: true,
  slug: true,
  title: true,
  technologyCategory: true,
  executiveSummary: true,
});
export type RelatedAnalysis = z.output<typeof relatedAnalysisSchema>;

/** GET /api/tech-analysis (docs/spec-content.md §3 'Paging shapes'). */
export const techAnalysisListResponseSchema = z
  .object({
    analyses: z.array(techAnalysisListItemSchema),
    pagination: z.object({
      page: z.number(),
      totalPages: z.number(),
    }),
  })
  .meta({ id: 'TechAnalysisListResponse' });
export type TechAnalysisListResponse = z.output<typeof techAnalysisListResponseSchema>;

/** GET /api/tech-analysis/{slug}. */
export const techAnalysisDetailResponseSchema = z
  .object({
    analysis: techAnalysisSchema,
    relatedAnalyses: z.array(relatedAnalysisSchema),
  })
  .meta({ id: 'TechAnalysisDetailResponse' });
export type TechAnalysisDetailResponse = z.output<typeof techAnalysisDetailResponseSchema>;

/**
 * POST /api/tech-analysis/{id}/like: no body; the response body is not shown in the seed, chosen here.
 * There is no unlike (docs/spec-content.md §4), so a second like from the same session leaves the count unchanged.
 */
export const techAnalysisLikeResponseSchema = z
  .object({
    /** false only when the request came without a session: it got one, and counted nothing. */
    liked: z.boolean(),
    likesCount: z.number(),
    reason: z.literal('session-issued' satisfies NotCountedReason).optional(),
  })
  .meta({ id: 'TechAnalysisLikeResponse' });
export type TechAnalysisLikeResponse = z.output<typeof techAnalysisLikeResponseSchema>;

/** Content languages; the seed's client always sends lang=ko. */
export const CONTENT_LANGUAGES = ['ko', 'en'] as const;

/**
 * GET /api/tech-analysis: page, limit=9, lang=ko, optional category (docs/spec-content.md §7). The UI's 'all' button sends
 * no category; 'all' is also accepted and means the same.
 */
export const techAnalysisListQuerySchema = strictParams({
  page: intParam('page', { min: 1, max: MAX_LIST_PAGE }).default(1),
  limit: intParam('limit', { min: 1, max: MAX_LIST_LIMIT }).default(PAGE_SIZES.techAnalysis),
  lang: oneOf('lang', CONTENT_LANGUAGES).default('ko'),
  category: oneOf('category', ['all', ...TECHNOLOGY_CATEGORY_VALUES])
    .optional()
    .transform((category) => (category === 'all' ? undefined : category)),
});
export type TechAnalysisListQuery = z.output<typeof techAnalysisListQuerySchema>;
