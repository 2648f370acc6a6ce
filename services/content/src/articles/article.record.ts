import type {
  Withdrawal,
  ArticleBilingual,
  ArticleTag,
  CategorySlug,
  ContentType,
  InsightMeta,
  NormalizedTechMeta,
  OriginalArticle,
  SharePlatform,
  TranslationStatus,
  YoutubeVideo,
} from '@pulse/contracts';

/**
 * 'published' is visible to readers; 'draft' is an authored item not yet published (admins only);
 * 'held' is a translation held for review, kept but never listed; 'withdrawn' is an authored insight an
 * editor took down with a reason (its address answers 410).
 */
export const ARTICLE_STATES = ['published', 'draft', 'held', 'withdrawn'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

/**
 * An article as the content service stores it (collection 'articles'). Engagement counters live on the
 * document so lists can sort by them; techMeta is written in one canonical spelling (readTechMeta).
 */
export interface ArticleRecord {
  _id: string;
  type: ContentType;
  state: ArticleState;
  title: string;
  summary: string;
  /** Sanitised HTML. */
  content: string;
  imageUrl: string | null;
  publishedAt: string;
  updatedAt: string;
  createdAt: string;
  primaryCategory: CategorySlug;
  secondaryCategory: CategorySlug | null;
  tags: ArticleTag[];
  youtubeVideos: YoutubeVideo[];
  /** Every clustered source, first one first; originalArticle is the first. */
  originalSources: (OriginalArticle & {
    sourceId: string;
    sourceName: string;
    /** When the source published the item (its feed's date, normalised ISO); absent on older records. */
    publishedAt?: string | null;
  })[];
  likesCount: number;
  sharesCount: number;
  snsShareCount: number;
  /** Shares per platform (docs/spec-content.md §7 share {platform}). */
  sharesByPlatform: Partial<Record<SharePlatform, number>>;
  views: number;
  hotScore: number;
  viewsPerHour: number;
  isHotTopic: boolean;
  techMeta: NormalizedTechMeta | null;
  insightMeta: InsightMeta | null;
  translationStatus: TranslationStatus;
  /** Who withdrew an authored insight, when and why; absent or null unless it is withdrawn. */
  withdrawal?: Withdrawal | null;
  /** The demo corpus's sample articles (docs/design.md §2: clearly marked sample content). */
  sample?: true;
  /** The ingestion cluster the article was written from (article.translated clusterId); absent for authored ones. */
  storyId?: string;
  /** When ingestion fetched the story (article.translated collectedAt); absent on older and authored records. */
  collectedAt?: string;
  /**
   * When the Korean translation first went live: the translatedAt of the first 'translated' event applied
   * while the article was published. An English 'pending' stand-in does not count; a later re-translation
   * does not move it.
   */
  koreanPublishedAt?: string;
  /**
   * The '원문 대조' view (source paragraphs as plain text, and per Korean paragraph the ones it came from); null or
   * absent when the last translation brought none.
   */
  bilingual?: ArticleBilingual | null;
  /** translatedAt of the article.translated last applied; an older redelivery changes nothing. */
  sourceVersion: string | null;
  /** computedAt of the trending batch last applied to this article. */
  scoresComputedAt: string | null;
  /**
   * Ids of engagement operations applied to the counters but not yet settled on their reader's marker
   * (engagement/engagement-applier.ts); empty except while a change is in flight. Never sent to readers.
   */
  engagementOps?: string[];
}

/** What an article says, as translation or an editor writes it (the rest is state, time and counters). */
export type ArticleContent = Pick<
  ArticleRecord,
  | 'title'
  | 'summary'
  | 'content'
  | 'imageUrl'
  | 'primaryCategory'
  | 'secondaryCategory'
  | 'tags'
  | 'youtubeVideos'
  | 'originalSources'
  | 'insightMeta'
>;

/** YouTube's own still of a video, for a video given without one. */
export const youtubeThumbnail = (embedId: string): string =>
  `https://i.ytimg.com/vi/${embedId}/hqdefault.jpg`;

/** The counters and scores a re-translation must never reset. */
export type EngagementFields = Pick<
  ArticleRecord,
  | 'likesCount'
  | 'sharesCount'
  | 'snsShareCount'
  | 'sharesByPlatform'
  | 'views'
  | 'hotScore'
  | 'viewsPerHour'
  | 'isHotTopic'
  | 'scoresComputedAt'
>;

export const ZERO_ENGAGEMENT: EngagementFields = {
  likesCount: 0,
  sharesCount: 0,
  snsShareCount: 0,
  sharesByPlatform: {},
  views: 0,
  hotScore: 0,
  viewsPerHour: 0,
  isHotTopic: false,
  scoresComputedAt: null,
};
