import { NOT_COUNTED_REASONS } from './interactions';
import { techAnalysisSchema } from './tech-analysis';
import { articleSchema } from './content';
import { z } from 'zod';
import { categorySlugSchema, httpUrl, youtubeVideoIdSchema } from '../events/shared-schemas';
import { SUMMARY_MAX_LENGTH } from './constants';
import { idParamSchema, intParam, oneOf, slugParamSchema, strictParams, textField } from './params';
import { DIFFICULTY_LEVELS, TECHNOLOGY_CATEGORY_VALUES } from './taxonomy';
import { EXTERNAL_RESOURCE_TYPES } from './tech-analysis';

/**
 * The admin authoring API of the content service (docs/services.md 'The content service', its Authoring item; docs/design.md §10: content authoring needs
 * the admin credential). The seeds do not show it: every path and shape here is chosen. Bounds are the
 * server's own (docs/design.md §11.10); long text sections are HTML, sanitised by the server before storing.
 */

export const AUTHORING_LIMITS = {
  title: 200,
  executiveSummary: 1000,
  /** One HTML section of a tech analysis (introduction, conclusion…). */
  section: 50_000,
  /** The tutorial is the longest section. */
  tutorial: 100_000,
  listItems: 20,
  listItem: 1000,
  seoKeywords: 15,
  keyword: 60,
  codeExamples: 30,
  code: 20_000,
  externalResources: 30,
  /** An insight's body (HTML). */
  insightBody: 100_000,
  tags: 10,
  tag: 50,
  keyInsights: 5,
  originalSources: 20,
  youtubeVideos: 5,
} as const;

export const AUTHORING_SLUG_MAX = 100;

/** qualityScore is an editor's 0–100 rating (85 or more shows 'recommended', RECOMMENDED_QUALITY_SCORE). */
const qualityScore = z
  .number({ error: () => 'qualityScore must be an integer from 0 to 100' })
  .int({ error: 'qualityScore must be an integer from 0 to 100' })
  .min(0, { error: 'qualityScore must be an integer from 0 to 100' })
  .max(100, { error: 'qualityScore must be an integer from 0 to 100' });

const minutes = z
  .number({ error: () => 'estimatedReadingTime must be an integer from 1 to 600' })
  .int({ error: 'estimatedReadingTime must be an integer from 1 to 600' })
  .min(1, { error: 'estimatedReadingTime must be an integer from 1 to 600' })
  .max(600, { error: 'estimatedReadingTime must be an integer from 1 to 600' });

/** HTML text of bounded size; empty allowed (a draft is written section by section). */
const htmlSection = (field: string, max: number) =>
  z
    .string({ error: () => `${field} must be text` })
    .max(max, { error: `${field} must be at most ${max} characters` });

/** Plain text (shown escaped, never as HTML), trimmed; empty allowed. */
const plainText = (field: string, max: number) =>
  z
    .string({ error: () => `${field} must be text` })
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` });

const textList = (field: string, maxItems: number, maxLength: number) =>
  z
    .array(textField(`${field} item`, { min: 1, max: maxLength }), {
      error: () => `${field} must be a list of texts`,
    })
    .max(maxItems, { error: `${field} must have at most ${maxItems} items` });

export const codeExampleInputSchema = strictParams({
  title: textField('codeExamples.title', { min: 1, max: AUTHORING_LIMITS.title }),
  language: z
    .string({ error: () => 'codeExamples.language must be text' })
    .regex(/^[A-Za-z0-9+#._-]{1,30}$/, {
      error: 'codeExamples.language must be 1 to 30 letters, digits or + # . _ -',
    }),
  code: z
    .string({ error: () => 'codeExamples.code must be text' })
    .min(1, { error: 'codeExamples.code must not be empty' })
    .max(AUTHORING_LIMITS.code, {
      error: `codeExamples.code must be at most ${AUTHORING_LIMITS.code} characters`,
    }),
  description: plainText('codeExamples.description', AUTHORING_LIMITS.listItem).optional(),
  order: intParam('codeExamples.order', { min: 0, max: 1000 }),
});
export type CodeExampleInput = z.output<typeof codeExampleInputSchema>;

export const externalResourceInputSchema = strictParams({
  title: textField('externalResources.title', { min: 1, max: AUTHORING_LIMITS.title }),
  url: httpUrl,
  description: plainText('externalResources.description', AUTHORING_LIMITS.listItem).optional(),
  type: oneOf('externalResources.type', EXTERNAL_RESOURCE_TYPES),
});
export type ExternalResourceInput = z.output<typeof externalResourceInputSchema>;

/** Every editable field of a tech analysis, none defaulted, so one shape serves create and PATCH. */
const techAnalysisFields = {
  /**
   * Unique; derived from technologyName when absent. Korean letters allowed (slugParamSchema), at most
   * 100 characters: the router refuses longer path parameters (414), so a longer slug could not be read.
   */
  slug: slugParamSchema.max(AUTHORING_SLUG_MAX, {
    error: `slug must be at most ${AUTHORING_SLUG_MAX} characters`,
  }),
  title: textField('title', { min: 1, max: AUTHORING_LIMITS.title }),
  /** Plain text: the card, the page header and the description meta show it. */
  executiveSummary: plainText('executiveSummary', AUTHORING_LIMITS.executiveSummary),
  seoKeywords: textList('seoKeywords', AUTHORING_LIMITS.seoKeywords, AUTHORING_LIMITS.keyword),
  difficultyLevel: oneOf('difficultyLevel', DIFFICULTY_LEVELS),
  technologyCategory: oneOf('technologyCategory', TECHNOLOGY_CATEGORY_VALUES),
  technologyName: textField('technologyName', { min: 1, max: 100 }),
  qualityScore,
  /** Minutes; null (or absent) means computed from the text (readTimeMinutes). */
  estimatedReadingTime: minutes.nullable(),
  introduction: htmlSection('introduction', AUTHORING_LIMITS.section),
  coreConceptsExplanation: htmlSection('coreConceptsExplanation', AUTHORING_LIMITS.section),
  prosAndCons: strictParams({
    pros: textList('prosAndCons.pros', AUTHORING_LIMITS.listItems, AUTHORING_LIMITS.listItem),
    cons: textList('prosAndCons.cons', AUTHORING_LIMITS.listItems, AUTHORING_LIMITS.listItem),
  }),
  useCases: textList('useCases', AUTHORING_LIMITS.listItems, AUTHORING_LIMITS.listItem),
  comparisonWithAlternatives: htmlSection('comparisonWithAlternatives', AUTHORING_LIMITS.section),
  gettingStarted: htmlSection('gettingStarted', AUTHORING_LIMITS.section),
  tutorialContent: htmlSection('tutorialContent', AUTHORING_LIMITS.tutorial),
  bestPractices: textList('bestPractices', AUTHORING_LIMITS.listItems, AUTHORING_LIMITS.listItem),
  commonPitfalls: textList('commonPitfalls', AUTHORING_LIMITS.listItems, AUTHORING_LIMITS.listItem),
  futureOutlook: htmlSection('futureOutlook', AUTHORING_LIMITS.section),
  conclusion: htmlSection('conclusion', AUTHORING_LIMITS.section),
  codeExamples: z
    .array(codeExampleInputSchema, { error: () => 'codeExamples must be a list' })
    .max(AUTHORING_LIMITS.codeExamples, {
      error: `codeExamples must have at most ${AUTHORING_LIMITS.codeExamples} items`,
    }),
  externalResources: z
    .array(externalResourceInputSchema, { error: () => 'externalResources must be a list' })
    .max(AUTHORING_LIMITS.externalResources, {
      error: `externalResources must have at most ${AUTHORING_LIMITS.externalResources} items`,
    }),
  /** Related analyses chosen by the editor (ids, at most 3); null lets the server choose. */
  relatedAnalysisIds: z
    .array(idParamSchema, { error: () => 'relatedAnalysisIds must be a list of ids' })
    .max(3, { error: 'relatedAnalysisIds must have at most 3 items' })
    .nullable(),
};

/** POST /api/content/admin/tech-analyses: stored as a draft. */
export const createTechAnalysisBodySchema = strictParams({
  ...techAnalysisFields,
  slug: techAnalysisFields.slug.optional(),
  executiveSummary: techAnalysisFields.executiveSummary.default(''),
  seoKeywords: techAnalysisFields.seoKeywords.default([]),
  qualityScore: techAnalysisFields.qualityScore.default(0),
  estimatedReadingTime: techAnalysisFields.estimatedReadingTime.default(null),
  introduction: techAnalysisFields.introduction.default(''),
  coreConceptsExplanation: techAnalysisFields.coreConceptsExplanation.default(''),
  prosAndCons: techAnalysisFields.prosAndCons.default({ pros: [], cons: [] }),
  useCases: techAnalysisFields.useCases.default([]),
  comparisonWithAlternatives: techAnalysisFields.comparisonWithAlternatives.default(''),
  gettingStarted: techAnalysisFields.gettingStarted.default(''),
  tutorialContent: techAnalysisFields.tutorialContent.default(''),
  bestPractices: techAnalysisFields.bestPractices.default([]),
  commonPitfalls: techAnalysisFields.commonPitfalls.default([]),
  futureOutlook: techAnalysisFields.futureOutlook.default(''),
  conclusion: techAnalysisFields.conclusion.default(''),
  codeExamples: techAnalysisFields.codeExamples.default([]),
  externalResources: techAnalysisFields.externalResources.default([]),
  relatedAnalysisIds: techAnalysisFields.relatedAnalysisIds.default(null),
});
export type CreateTechAnalysisBody = z.output<typeof createTechAnalysisBodySchema>;

/** PATCH /api/content/admin/tech-analyses/{id}: any subset of the fields. */
export const updateTechAnalysisBodySchema = strictParams(techAnalysisFields).partial();
export type UpdateTechAnalysisBody = z.output<typeof updateTechAnalysisBodySchema>;

const insightFields = {
  title: textField('title', { min: 1, max: AUTHORING_LIMITS.title }),
  summary: textField('summary', { min: 1, max: SUMMARY_MAX_LENGTH }),
  /** HTML, sanitised by the server. */
  content: z
    .string({ error: () => 'content must be text' })
    .min(1, { error: 'content must not be empty' })
    .max(AUTHORING_LIMITS.insightBody, {
      error: `content must be at most ${AUTHORING_LIMITS.insightBody} characters`,
    }),
  primaryCategory: categorySlugSchema,
  secondaryCategory: categorySlugSchema.nullable(),
  tags: textList('tags', AUTHORING_LIMITS.tags, AUTHORING_LIMITS.tag),
  imageUrl: httpUrl.nullable(),
  /** The cards show 2 (3 on the featured one); publishing needs at least 2. */
  keyInsights: textList('keyInsights', AUTHORING_LIMITS.keyInsights, AUTHORING_LIMITS.listItem),
  relatedIndustries: textList('relatedIndustries', 10, 50),
  youtubeVideoIds: z
    .array(youtubeVideoIdSchema, { error: () => 'youtubeVideoIds must be a list of YouTube video ids' })
    .max(AUTHORING_LIMITS.youtubeVideos, {
      error: `youtubeVideoIds must have at most ${AUTHORING_LIMITS.youtubeVideos} items`,
    }),
  /** The stories the insight comments on, shown in its original-source box. */
  originalSources: z
    .array(
      strictParams({
        sourceUrl: httpUrl,
        title: textField('originalSources.title', { min: 1, max: 1000 }),
        author: textField('originalSources.author', { min: 1, max: 300 }).nullable().default(null),
        sourceName: textField('originalSources.sourceName', { min: 1, max: 200 }),
      }),
      { error: () => 'originalSources must be a list' },
    )
    .max(AUTHORING_LIMITS.originalSources, {
      error: `originalSources must have at most ${AUTHORING_LIMITS.originalSources} items`,
    }),
};

/** POST /api/content/admin/insights: an Article of type 'insight', stored as a draft. */
export const createInsightBodySchema = strictParams({
  ...insightFields,
  secondaryCategory: insightFields.secondaryCategory.default(null),
  tags: insightFields.tags.default([]),
  imageUrl: insightFields.imageUrl.default(null),
  keyInsights: insightFields.keyInsights.default([]),
  relatedIndustries: insightFields.relatedIndustries.default([]),
  youtubeVideoIds: insightFields.youtubeVideoIds.default([]),
  originalSources: insightFields.originalSources.default([]),
});
export type CreateInsightBody = z.output<typeof createInsightBodySchema>;

/** PATCH /api/content/admin/insights/{id}. */
export const updateInsightBodySchema = strictParams(insightFields).partial();
export type UpdateInsightBody = z.output<typeof updateInsightBodySchema>;

/**
 * An insight or a tech analysis is written as a draft, then published; a published one may be withdrawn:
 * taken down with a reason, its address answering 410 until it is published again.
 */
export const AUTHORING_STATES = ['draft', 'published', 'withdrawn'] as const;
export type AuthoringState = (typeof AUTHORING_STATES)[number];
/** Insights and tech analyses share their states; the name stays for the insights' side. */
export const INSIGHT_STATES = AUTHORING_STATES;

export const insightStateSchema = z.enum(AUTHORING_STATES);
export type InsightState = z.output<typeof insightStateSchema>;

/** GET /api/content/admin/tech-analyses and /insights: drafts and published items, newest change first. */
export const adminListQuerySchema = strictParams({
  state: oneOf('state', ['all', ...INSIGHT_STATES]).default('all'),
  page: intParam('page', { min: 1 }).default(1),
  limit: intParam('limit', { min: 1, max: 50 }).default(20),
});
export type AdminListQuery = z.output<typeof adminListQuerySchema>;

/** POST /api/content/admin/drafts/insight: draft an insight from a recent story and its related articles. */
export const draftInsightBodySchema = strictParams({ articleId: idParamSchema });
export type DraftInsightBody = z.output<typeof draftInsightBodySchema>;

/** POST /api/content/admin/drafts/analysis: draft a tech analysis of a named technology. */
export const draftAnalysisBodySchema = strictParams({
  technologyName: textField('technologyName', { min: 1, max: 100 }),
  /** Absent: the model picks one of the 8 categories. */
  technologyCategory: oneOf('technologyCategory', TECHNOLOGY_CATEGORY_VALUES).optional(),
});
export type DraftAnalysisBody = z.output<typeof draftAnalysisBodySchema>;

/** Who wrote an item: an editor through this API, the LLM drafting command, or the demo corpus. */
export const authoringOriginSchema = z.enum(['admin', 'llm', 'demo']);
export type AuthoringOrigin = z.output<typeof authoringOriginSchema>;

/** Who took an insight or an analysis down, when and why. */
export const withdrawalSchema = z
  .object({
    reason: z.string(),
    at: z.string(),
    /** The staff member's name (ADMIN_TOKEN for the shared token). */
    by: z.string(),
  })
  .meta({ id: 'Withdrawal' });
export type Withdrawal = z.output<typeof withdrawalSchema>;

/** POST /api/content/admin/{insights,tech-analyses}/{id}/withdraw: why readers no longer see it (kept with the insight). */
export const withdrawBodySchema = strictParams({ reason: textField('reason', { min: 5, max: 300 }) });
export type WithdrawBody = z.output<typeof withdrawBodySchema>;

/** A tech analysis as admins see it: drafts too, with their state and editing fields. */
export const adminTechAnalysisSchema = techAnalysisSchema
  .omit({ publishedAt: true })
  .extend({
    state: z.enum(AUTHORING_STATES),
    /** null until published. */
    publishedAt: z.string().nullable(),
    relatedAnalysisIds: z.array(z.string()).nullable(),
    origin: authoringOriginSchema,
    /** The model that drafted it, when origin is 'llm'. */
    model: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Set while the analysis is withdrawn; null otherwise. */
    withdrawal: withdrawalSchema.nullable(),
  })
  .meta({ id: 'AdminTechAnalysis' });
export type AdminTechAnalysis = z.output<typeof adminTechAnalysisSchema>;

/** An insight as admins see it. */
export const adminInsightSchema = articleSchema
  .extend({
    state: insightStateSchema,
    createdAt: z.string(),
    /** Set while withdrawn; null otherwise. */
    withdrawal: withdrawalSchema.nullable(),
  })
  .meta({ id: 'AdminInsight' });
export type AdminInsight = z.output<typeof adminInsightSchema>;

export const REVISION_ACTIONS = ['create', 'draft', 'update', 'publish', 'withdraw'] as const;
/** 'draft' is an LLM draft stored on a staff member's request; 'create' is one they wrote. */
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

/** One saved change of an insight or tech analysis: who, when, what, and which fields changed. */
export const authoringRevisionSchema = z
  .object({
    id: z.string(),
    itemId: z.string(),
    action: z.enum(REVISION_ACTIONS),
    at: z.string(),
    by: z.object({
      id: z.string(),
      name: z.string(),
      role: z.string(),
    }),
    /** The content fields whose value changed (every field filled in, on create and draft). */
    fields: z.array(z.string()),
    /** The reason given, on withdraw. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'AuthoringRevision' });
export type AuthoringRevision = z.output<typeof authoringRevisionSchema>;

/** GET /api/content/admin/insights/{id}/revisions (and tech-analyses): newest first. */
export const authoringRevisionsResponseSchema = z
  .object({
    items: z.array(authoringRevisionSchema),
  })
  .meta({ id: 'AuthoringRevisionsResponse' });
export type AuthoringRevisionsResponse = z.output<typeof authoringRevisionsResponseSchema>;

/** GET /api/content/admin/drafts/capability: whether 'AI 초안' can work here (an LLM is configured). */
export const draftingCapabilitySchema = z
  .object({
    llm: z.boolean(),
  })
  .meta({ id: 'DraftingCapability' });
export type DraftingCapability = z.output<typeof draftingCapabilitySchema>;

/** A page of the admin lists of insights or tech analyses. */
export const adminListResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    pagination: z.object({ page: z.number(), totalPages: z.number(), total: z.number() }),
  });
export type AdminListResponse<T> = z.output<ReturnType<typeof adminListResponse<z.ZodType<T>>>>;

/** POST /api/tech-analysis/{id}/view. Seed: not shown ('a view is counted'); chosen like the article view. */
export const techAnalysisViewResponseSchema = z
  .object({
    counted: z.boolean(),
    views: z.number(),
    /** Why it did not count, when that was not a view already counted in the reader's window. */
    reason: z.enum(NOT_COUNTED_REASONS).optional(),
  })
  .meta({ id: 'TechAnalysisViewResponse' });
export type TechAnalysisViewResponse = z.output<typeof techAnalysisViewResponseSchema>;
