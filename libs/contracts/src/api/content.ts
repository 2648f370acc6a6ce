import { NOT_COUNTED_REASONS } from './interactions';
import { z } from 'zod';
import { CATEGORY_SLUGS, CONTENT_TYPES, DIFFICULTY_LEVELS, TRANSLATION_STATUSES } from './taxonomy';
import type { DifficultyLevel } from './taxonomy';

/**
 * Response shapes of the content service (docs/spec-content.md §3 entities, §7 calls), as zod schemas the
 * OpenAPI documents are written from, each with its type derived.
 */

/** docs/spec-content.md §3 Article.tags: objects with id, name and slug. */
export const articleTagSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
  })
  .meta({ id: 'ArticleTag' });
export type ArticleTag = z.output<typeof articleTagSchema>;

/** docs/spec-content.md §3 Article.youtubeVideos. */
export const youtubeVideoSchema = z
  .object({
    embedId: z.string(),
    title: z.string(),
    thumbnailUrl: z.string(),
    channelTitle: z.string(),
  })
  .meta({ id: 'YoutubeVideo' });
export type YoutubeVideo = z.output<typeof youtubeVideoSchema>;

/** docs/spec-content.md §3 Article.originalArticle: the source the '원문보기' link opens. */
export const originalArticleSchema = z
  .object({
    sourceUrl: z.string(),
    title: z.string(),
    author: z.string().nullable(),
    /** The source's name, e.g. 'OpenAI Blog', for the original-source box. */
    sourceName: z.string().optional(),
    /** The content source's id, what a reader follows a source by. */
    sourceId: z.string().optional(),
  })
  .meta({ id: 'OriginalArticle' });
export type OriginalArticle = z.output<typeof originalArticleSchema>;

/**
 * docs/spec-content.md §3 techMeta, exactly as stored: both spellings occur ('difficultyLevel or difficulty',
 * 'technologies or techStack', 'githubUrl or githubLinks'). Read it with readTechMeta.
 */
export const techMetaSchema = z
  .object({
    difficultyLevel: z.enum(DIFFICULTY_LEVELS).optional(),
    difficulty: z.enum(DIFFICULTY_LEVELS).optional(),
    /** Minutes. */
    estimatedTime: z.number().optional(),
    technologies: z.array(z.string()).optional(),
    techStack: z.array(z.string()).optional(),
    githubUrl: z.string().optional(),
    githubLinks: z.array(z.string()).optional(),
  })
  .meta({ id: 'TechMeta' });
export type TechMeta = z.output<typeof techMetaSchema>;

/** techMeta with one spelling per field, what the tech-metadata box renders. */
export interface NormalizedTechMeta {
  difficultyLevel?: DifficultyLevel;
  estimatedTime?: number;
  technologies: string[];
  githubLinks: string[];
}

const tolerant = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** A malformed field is dropped rather than failing the whole article: old documents vary. */
const techMetaWireSchema = z.object({
  difficultyLevel: tolerant(z.enum(DIFFICULTY_LEVELS)),
  difficulty: tolerant(z.enum(DIFFICULTY_LEVELS)),
  estimatedTime: tolerant(z.number().nonnegative()),
  technologies: tolerant(z.array(z.string())),
  techStack: tolerant(z.array(z.string())),
  githubUrl: tolerant(z.string().min(1)),
  githubLinks: tolerant(z.array(z.string())),
});

/** Reads techMeta in either spelling; the first spelling wins when both are present. */
export const readTechMeta = (raw: unknown): NormalizedTechMeta | null => {
  const parsed = techMetaWireSchema.safeParse(raw);
  if (!parsed.success) return null;
  const meta = parsed.data;
  const githubLinks = meta.githubLinks ?? (meta.githubUrl ? [meta.githubUrl] : []);
  return {
    difficultyLevel: meta.difficultyLevel ?? meta.difficulty,
    estimatedTime: meta.estimatedTime,
    technologies: meta.technologies ?? meta.techStack ?? [],
    githubLinks,
  };
};

/** docs/spec-content.md §3 insightMeta; the featured insight shows 3 key insights, other cards 2 (docs/spec-content.md §2). */
export const insightMetaSchema = z
  .object({
    keyInsights: z.array(z.string()),
    relatedIndustries: z.array(z.string()),
  })
  .meta({ id: 'InsightMeta' });
export type InsightMeta = z.output<typeof insightMetaSchema>;

/** The source's paragraphs (plain text, English) and, per Korean paragraph, which of them it came from. */
export const articleBilingualResponseSchema = z
  .object({
    sourceParagraphs: z.array(z.string()),
    pairs: z.array(
      z.object({
        korean: z.string(),
        sources: z.array(z.number()),
      }),
    ),
  })
  .meta({ id: 'ArticleBilingual' });
export type ArticleBilingual = z.output<typeof articleBilingualResponseSchema>;

/** The three times behind the stamp '원문 공개 후 N분 만에 한국어로' (ISO 8601, UTC). */
export const articleFreshnessSchema = z
  .object({
    /** When the first source published the story, as its feed said. */
    sourcePublishedAt: z.string().nullable(),
    /** When ingestion fetched it. */
    collectedAt: z.string().nullable(),
    /** When the Korean translation first went live (not the English 'pending' stand-in). */
    koreanPublishedAt: z.string().nullable(),
  })
  .meta({ id: 'ArticleFreshness' });
export type ArticleFreshness = z.output<typeof articleFreshnessSchema>;

/** docs/spec-content.md §3 Article: a news, insight or analysis item, with every field the seed lists. */
export const articleSchema = z
  .object({
    id: z.string(),
    /** Implied by docs/spec-content.md §2: related articles link to /{type}/{id} and the detail shows a type label. */
    type: z.enum(CONTENT_TYPES),
    title: z.string(),
    summary: z.string(),
    /** HTML, sanitised by the server (docs/design.md §10). */
    content: z.string(),
    imageUrl: z.string().nullable(),
    publishedAt: z.string(),
    updatedAt: z.string(),
    primaryCategory: z.enum(CATEGORY_SLUGS),
    secondaryCategory: z.enum(CATEGORY_SLUGS).nullable(),
    /** Kept for older readers; equals primaryCategory. */
    category: z.enum(CATEGORY_SLUGS),
    tags: z.array(articleTagSchema),
    youtubeVideos: z.array(youtubeVideoSchema),
    originalArticle: originalArticleSchema.nullable(),
    /** docs/design.md §5: one Korean article may cluster several sources; originalArticle is the first. */
    originalSources: z.array(originalArticleSchema),
    likesCount: z.number(),
    sharesCount: z.number(),
    views: z.number(),
    hotScore: z.number(),
    viewsPerHour: z.number(),
    isHotTopic: z.boolean(),
    /** The seed lists both sharesCount and snsShareCount; shares through social platforms only. */
    snsShareCount: z.number(),
    techMeta: techMetaSchema.nullable(),
    insightMeta: insightMetaSchema.nullable(),
    /** docs/design.md §5: 'pending' articles show the English original until the backfill translates them. */
    translationStatus: z.enum(TRANSLATION_STATUSES),
    /** true on the demo corpus's sample articles (docs/design.md §2: sample content is clearly marked). */
    sample: z.boolean().optional(),
    /** How fresh the Korean article is; each time is null when unknown (authored articles, older records). */
    freshness: articleFreshnessSchema,
    /** The '원문 대조' view; null when the article has none (translated before it existed, pending, authored). */
    bilingual: articleBilingualResponseSchema.nullable(),
    /**
     * The story the article belongs to (GET /api/stories/{id}: every article of it across sources); null
     * for an article no cluster made (an authored insight, an older record).
     */
    storyId: z.string().nullable(),
  })
  .meta({ id: 'Article' });
export type Article = z.output<typeof articleSchema>;

/** Cards never render the body, the freshness stamp, the bilingual view or the story link, so lists leave them out. */
export const articleListItemSchema = articleSchema
  .omit({ content: true, freshness: true, bilingual: true, storyId: true })
  .extend({
    /** The story the article belongs to, what a reader follows a story by ('내 피드'); absent when none. */
    storyId: z.string().optional(),
  });
export type ArticleListItem = z.output<typeof articleListItemSchema>;

/** docs/spec-content.md §3 'Paging shapes': offset-based, for /api/content/news and /api/content/insights. */
export const offsetPageResponseSchema = z
  .object({
    articles: z.array(articleListItemSchema),
    pagination: z.object({
      hasMore: z.boolean(),
    }),
  })
  .meta({ id: 'OffsetPageResponse' });
export type OffsetPageResponse = z.output<typeof offsetPageResponseSchema>;

export const newsListResponseSchema = offsetPageResponseSchema;
export type NewsListResponse = z.output<typeof newsListResponseSchema>;

export const insightsListResponseSchema = offsetPageResponseSchema;
export type InsightsListResponse = z.output<typeof insightsListResponseSchema>;

/** GET /api/articles/{id}. docs/spec-content.md §7 says the response used is 'article'; we send it under that key. */
export const articleDetailResponseSchema = z
  .object({
    article: articleSchema,
  })
  .meta({ id: 'ArticleDetailResponse' });
export type ArticleDetailResponse = z.output<typeof articleDetailResponseSchema>;

/** GET /api/articles/related/{id}. The seed's client reads an array or {articles}; we send {articles}. */
export const relatedArticlesResponseSchema = z
  .object({
    articles: z.array(articleListItemSchema),
  })
  .meta({ id: 'RelatedArticlesResponse' });
export type RelatedArticlesResponse = z.output<typeof relatedArticlesResponseSchema>;
export const readRelatedArticles = (body: RelatedArticlesResponse | ArticleListItem[]): ArticleListItem[] =>
  Array.isArray(body) ? body : body.articles;

/** Page-based list: GET /api/articles/category/{slug} (docs/spec-content.md §3 'Paging shapes'). */
export const categoryPageResponseSchema = z
  .object({
    articles: z.array(articleListItemSchema),
    currentPage: z.number(),
    totalPages: z.number(),
  })
  .meta({ id: 'CategoryPageResponse' });
export type CategoryPageResponse = z.output<typeof categoryPageResponseSchema>;

/** GET /api/articles/archive. Seed: not shown; chosen here in the category page's style. */
export const archiveResponseSchema = categoryPageResponseSchema;
export type ArchiveResponse = z.output<typeof archiveResponseSchema>;

/** GET /api/articles/search (docs/spec-content.md §3 'Paging shapes'): total results and number of pages. */
export const searchResponseSchema = z.object({
  articles: z.array(articleListItemSchema),
  total: z.number(),
  pages: z.number(),
});
export type SearchResponse = z.output<typeof searchResponseSchema>;

/** POST /api/articles/{id}/view. Seed: not shown; chosen here. counted is false for a repeat view. */
export const articleViewResponseSchema = z
  .object({
    counted: z.boolean(),
    views: z.number(),
    /** Why it did not count, when that was not a view already counted in the reader's window. */
    reason: z.enum(NOT_COUNTED_REASONS).optional(),
  })
  .meta({ id: 'ArticleViewResponse' });
export type ArticleViewResponse = z.output<typeof articleViewResponseSchema>;

/** POST /api/articles/{id}/generate-image (docs/spec-content.md §7): one generation attempt per article. */
export const generateImageResponseSchema = z
  .object({
    imageUrl: z.string(),
  })
  .meta({ id: 'GenerateImageResponse' });
export type GenerateImageResponse = z.output<typeof generateImageResponseSchema>;
