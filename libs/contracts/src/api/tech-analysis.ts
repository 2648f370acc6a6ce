import { z } from 'zod';
import { MAX_LIST_LIMIT, PAGE_SIZES } from './constants';
import { intParam, oneOf, strictParams } from './params';
import { TECHNOLOGY_CATEGORY_VALUES } from './taxonomy';
import type { DifficultyLevel, TechnologyCategory } from './taxonomy';
import type { NotCountedReason } from './interactions';

/** Tech analyses: tutorials with code and difficulty (docs/spec-content.md §2 'Tech analysis', §3 TechAnalysis, §7). */

export interface CodeExample {
  id: string;
  title: string;
  language: string;
  code: string;
  description?: string;
  /** The code tab sorts by this. */
  order: number;
}

/** The resources tab picks an icon by type: github, documentation, anything else 'other'. */
export const EXTERNAL_RESOURCE_TYPES = ['github', 'documentation', 'other'] as const;
export type ExternalResourceType = (typeof EXTERNAL_RESOURCE_TYPES)[number];

export interface ExternalResource {
  id: string;
  title: string;
  url: string;
  description?: string;
  type: ExternalResourceType;
}

/** docs/spec-content.md §3: what a list item carries. */
export interface TechAnalysisListItem {
  id: string;
  slug: string;
  title: string;
  executiveSummary: string;
  technologyName: string;
  technologyCategory: TechnologyCategory;
  difficultyLevel: DifficultyLevel;
  /** Minutes. */
  estimatedReadingTime: number;
  likesCount: number;
  publishedAt: string;
  /** true on the demo corpus's sample analyses (docs/design.md §2: sample content is clearly marked). */
  sample?: boolean;
}

/** docs/spec-content.md §3 TechAnalysis, the detail page's fields. */
export interface TechAnalysis extends TechAnalysisListItem {
  seoKeywords: string[];
  /** 85 or more shows 'recommended' (see isRecommended). */
  qualityScore: number;
  views: number;
  introduction: string;
  coreConceptsExplanation: string;
  prosAndCons: { pros: string[]; cons: string[] };
  useCases: string[];
  comparisonWithAlternatives: string;
  gettingStarted: string;
  tutorialContent: string;
  bestPractices: string[];
  commonPitfalls: string[];
  futureOutlook: string;
  conclusion: string;
  codeExamples: CodeExample[];
  externalResources: ExternalResource[];
}

/** docs/spec-content.md §3: the detail response's related analyses. */
export type RelatedAnalysis = Pick<
  TechAnalysis,
  'id' | 'slug' | 'title' | 'technologyCategory' | 'executiveSummary'
>;

/** GET /api/tech-analysis (docs/spec-content.md §3 'Paging shapes'). */
export interface TechAnalysisListResponse {
  analyses: TechAnalysisListItem[];
  pagination: { page: number; totalPages: number };
}

/** GET /api/tech-analysis/{slug}. */
export interface TechAnalysisDetailResponse {
  analysis: TechAnalysis;
  relatedAnalyses: RelatedAnalysis[];
}

/**
 * POST /api/tech-analysis/{id}/like: no body; the response body is not shown in the seed, chosen here.
 * There is no unlike (docs/spec-content.md §4), so a second like from the same session leaves the count unchanged.
 */
export interface TechAnalysisLikeResponse {
  /** false only when the request came without a session: it got one, and counted nothing. */
  liked: boolean;
  likesCount: number;
  reason?: Extract<NotCountedReason, 'session-issued'>;
}

/** Content languages; the seed's client always sends lang=ko. */
export const CONTENT_LANGUAGES = ['ko', 'en'] as const;

/**
 * GET /api/tech-analysis: page, limit=9, lang=ko, optional category (docs/spec-content.md §7). The UI's 'all' button sends
 * no category; 'all' is also accepted and means the same.
 */
export const techAnalysisListQuerySchema = strictParams({
  page: intParam('page', { min: 1 }).default(1),
  limit: intParam('limit', { min: 1, max: MAX_LIST_LIMIT }).default(PAGE_SIZES.techAnalysis),
  lang: oneOf('lang', CONTENT_LANGUAGES).default('ko'),
  category: oneOf('category', ['all', ...TECHNOLOGY_CATEGORY_VALUES])
    .optional()
    .transform((category) => (category === 'all' ? undefined : category)),
});
export type TechAnalysisListQuery = z.output<typeof techAnalysisListQuerySchema>;
