import { z } from 'zod';
import { DIFFICULTY_LEVELS } from './taxonomy';
import type { CategorySlug, ContentType, DifficultyLevel, TranslationStatus } from './taxonomy';
import type { NotCountedReason } from './interactions';

/** Response shapes of the content service (docs/spec-content.md §3 entities, §7 calls). */

/** docs/spec-content.md §3 Article.tags: objects with id, name and slug. */
export interface ArticleTag {
  id: string;
  name: string;
  slug: string;
}

/** docs/spec-content.md §3 Article.youtubeVideos. */
export interface YoutubeVideo {
  embedId: string;
  title: string;
  thumbnailUrl: string;
  channelTitle: string;
}

/** docs/spec-content.md §3 Article.originalArticle: the source the '원문보기' link opens. */
export interface OriginalArticle {
  sourceUrl: string;
  title: string;
  author: string | null;
  /** The source's name, e.g. 'OpenAI Blog', for the original-source box. */
  sourceName?: string;
  /** The content source's id, what a reader follows a source by. */
  sourceId?: string;
}

/**
 * docs/spec-content.md §3 techMeta, exactly as stored: both spellings occur ('difficultyLevel or difficulty',
 * 'technologies or techStack', 'githubUrl or githubLinks'). Read it with readTechMeta.
 */
export interface TechMeta {
  difficultyLevel?: DifficultyLevel;
  difficulty?: DifficultyLevel;
  /** Minutes. */
  estimatedTime?: number;
  technologies?: string[];
  techStack?: string[];
  githubUrl?: string;
  githubLinks?: string[];
}

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
export interface InsightMeta {
  keyInsights: string[];
  relatedIndustries: string[];
}

/** docs/spec-content.md §3 Article: a news, insight or analysis item, with every field the seed lists. */
export interface Article {
  id: string;
  /** Implied by docs/spec-content.md §2: related articles link to /{type}/{id} and the detail shows a type label. */
  type: ContentType;
  title: string;
  summary: string;
  /** HTML, sanitised by the server (docs/design.md §10). */
  content: string;
  imageUrl: string | null;
  publishedAt: string;
  updatedAt: string;
  primaryCategory: CategorySlug;
  secondaryCategory: CategorySlug | null;
  /** Kept for older readers; equals primaryCategory. */
  category: CategorySlug;
  tags: ArticleTag[];
  youtubeVideos: YoutubeVideo[];
  originalArticle: OriginalArticle | null;
  /** docs/design.md §5: one Korean article may cluster several sources; originalArticle is the first. */
  originalSources: OriginalArticle[];
  likesCount: number;
  sharesCount: number;
  views: number;
  hotScore: number;
  viewsPerHour: number;
  isHotTopic: boolean;
  /** The seed lists both sharesCount and snsShareCount; shares through social platforms only. */
  snsShareCount: number;
  techMeta: TechMeta | null;
  insightMeta: InsightMeta | null;
  /** docs/design.md §5: 'pending' articles show the English original until the backfill translates them. */
  translationStatus: TranslationStatus;
  /** true on the demo corpus's sample articles (docs/design.md §2: sample content is clearly marked). */
  sample?: boolean;
  /** How fresh the Korean article is; each time is null when unknown (authored articles, older records). */
  freshness: ArticleFreshness;
  /** The '원문 대조' view; null when the article has none (translated before it existed, pending, authored). */
  bilingual: ArticleBilingual | null;
  /**
   * The story the article belongs to (GET /api/stories/{id}: every article of it across sources); null
   * for an article no cluster made (an authored insight, an older record).
   */
  storyId: string | null;
}

/** The source's paragraphs (plain text, English) and, per Korean paragraph, which of them it came from. */
export interface ArticleBilingual {
  sourceParagraphs: string[];
  pairs: { korean: string; sources: number[] }[];
}

/** The three times behind the stamp '원문 공개 후 N분 만에 한국어로' (ISO 8601, UTC). */
export interface ArticleFreshness {
  /** When the first source published the story, as its feed said. */
  sourcePublishedAt: string | null;
  /** When ingestion fetched it. */
  collectedAt: string | null;
  /** When the Korean translation first went live (not the English 'pending' stand-in). */
  koreanPublishedAt: string | null;
}

/** Cards never render the body, the freshness stamp, the bilingual view or the story link, so lists leave them out. */
export type ArticleListItem = Omit<Article, 'content' | 'freshness' | 'bilingual' | 'storyId'> & {
  /** The story the article belongs to, what a reader follows a story by ('내 피드'); absent when none. */
  storyId?: string;
};

/** docs/spec-content.md §3 'Paging shapes': offset-based, for /api/content/news and /api/content/insights. */
export interface OffsetPageResponse {
  articles: ArticleListItem[];
  pagination: { hasMore: boolean };
}
export type NewsListResponse = OffsetPageResponse;
export type InsightsListResponse = OffsetPageResponse;

/** GET /api/articles/{id}. docs/spec-content.md §7 says the response used is 'article'; we send it under that key. */
export interface ArticleDetailResponse {
  article: Article;
}

/** GET /api/articles/related/{id}. The seed's client reads an array or {articles}; we send {articles}. */
export interface RelatedArticlesResponse {
  articles: ArticleListItem[];
}
export const readRelatedArticles = (body: RelatedArticlesResponse | ArticleListItem[]): ArticleListItem[] =>
  Array.isArray(body) ? body : body.articles;

/** Page-based list: GET /api/articles/category/{slug} (docs/spec-content.md §3 'Paging shapes'). */
export interface CategoryPageResponse {
  articles: ArticleListItem[];
  currentPage: number;
  totalPages: number;
}

/** GET /api/articles/archive. Seed: not shown; chosen here in the category page's style. */
export type ArchiveResponse = CategoryPageResponse;

/** GET /api/articles/search (docs/spec-content.md §3 'Paging shapes'): total results and number of pages. */
export interface SearchResponse {
  articles: ArticleListItem[];
  total: number;
  pages: number;
}

/** POST /api/articles/{id}/view. Seed: not shown; chosen here. counted is false for a repeat view. */
export interface ArticleViewResponse {
  counted: boolean;
  views: number;
  /** Why it did not count, when that was not a view already counted in the reader's window. */
  reason?: NotCountedReason;
}

/** POST /api/articles/{id}/generate-image (docs/spec-content.md §7): one generation attempt per article. */
export interface GenerateImageResponse {
  imageUrl: string;
}
