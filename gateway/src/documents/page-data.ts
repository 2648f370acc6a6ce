import { CATEGORY_SLUGS, CONTENT_TYPES, DIFFICULTY_LEVELS } from '@pulse/contracts';
import { z } from 'zod';

/**
 * The parts of the content service's answers (libs/contracts ArticleDetailResponse,
 * TechAnalysisDetailResponse) a document head and its no-JavaScript text need. Read leniently: a field
 * the head can do without never turns a readable article into an error.
 */
const optionalText = z.string().nullish().catch(undefined);

export const articlePageSchema = z.object({
  id: z.string(),
  type: z.enum(CONTENT_TYPES).catch('news'),
  title: z.string().min(1),
  summary: z.string().catch(''),
  content: z.string().catch(''),
  imageUrl: optionalText,
  publishedAt: z.string(),
  updatedAt: optionalText,
  primaryCategory: z.enum(CATEGORY_SLUGS).nullish().catch(undefined),
  tags: z.array(z.object({ name: z.string() })).catch([]),
  originalArticle: z
    .object({ sourceUrl: z.string(), title: optionalText, author: optionalText })
    .nullish()
    .catch(undefined),
});
export type ArticlePage = z.output<typeof articlePageSchema>;

export const techAnalysisPageSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string().min(1),
  executiveSummary: z.string().catch(''),
  technologyName: optionalText,
  difficultyLevel: z.enum(DIFFICULTY_LEVELS).nullish().catch(undefined),
  estimatedReadingTime: z.number().nullish().catch(undefined),
  seoKeywords: z.array(z.string()).catch([]),
  publishedAt: z.string(),
  introduction: z.string().catch(''),
  conclusion: z.string().catch(''),
});
export type TechAnalysisPage = z.output<typeof techAnalysisPageSchema>;

export const articleResponseSchema = z.object({ article: articlePageSchema });
export const techAnalysisResponseSchema = z.object({ analysis: techAnalysisPageSchema });
