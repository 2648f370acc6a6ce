/**
 * Purging the gateway's micro-cache by tag (ARCHITECTURE.md 'The gateway's edge'). A service names what a
 * public answer depends on in the `cache-tag` header (space-separated tags, as CDNs read it); when one of
 * those things changes it publishes the tags on PURGE_CHANNEL through the cache port, and every gateway
 * replica drops the answers carrying any of them. The header stays inside: the gateway does not pass it on.
 */
export const CACHE_TAG_HEADER = 'cache-tag';
export const PURGE_CHANNEL = 'pulse:purge';

/** One article's detail answers. */
export const articleTag = (id: string): string => `article:${id}`;
/** Every list and page that shows articles (news, insights, categories, archive, search, home). */
export const ARTICLE_LISTS_TAG = 'article-lists';
/**
 * One story's timeline (GET /api/stories/{id}) and the pages that read it: purged with the article's own
 * tag whenever an article of the story is published, updated or withdrawn.
 */
export const storyTag = (id: string): string => `story:${id}`;

/**
 * One tech analysis's detail, by id (the slug may change; the id does not). Purged with
 * TECH_ANALYSIS_LISTS_TAG when the published analysis is edited or published, alone when it is liked (the
 * detail shows likesCount; the lists wait out their TTL for a like, as article lists do). Views purge
 * nothing, as for articles.
 */
export const techAnalysisTag = (id: string): string => `tech-analysis:${id}`;
/**
 * The tech-analysis list, and every detail too: a detail embeds its related analyses (titles, slugs,
 * summaries), so any analysis published or edited may change any detail. Search answers carry it as well:
 * they find analyses beside articles. Analyses are written by hand, so
 * dropping them all is cheap.
 */
export const TECH_ANALYSIS_LISTS_TAG = 'tech-analysis-lists';
/**
 * Content's source catalogue: GET /api/sources and the sidebar (/api/sidebar-data and /full, whose sources
 * block is the same catalogue). Purged when content stores a source.updated that changed something. The
 * article counts these answers show are held a minute by content itself (SOURCES_CACHE_TTL_MS), so a
 * published article does not purge them: the gateway would only fetch that held copy again.
 */
export const SOURCES_TAG = 'sources';
/**
 * Ingestion's sources with their run state (GET /api/ingestion/sources and /:id): purged on an admin's
 * create, edit, pause, resume or delete, and at the end of every run of a source (its lastRunAt, count,
 * status change then).
 */
export const INGESTION_SOURCES_TAG = 'ingestion-sources';
/** Ingestion's run records (GET /api/ingestion/runs): purged at the end of every run. */
export const INGESTION_RUNS_TAG = 'ingestion-runs';
/**
 * The trending lists and statistics (GET /api/trending/hot-topics, popular, rising, stats): purged once at
 * the end of each recompute pass that saved scores, never per engagement event (services/trending/README.md,
 * 'Reads').
 */
export const TRENDING_TAG = 'trending';

export interface PurgeMessage {
  tags: string[];
}

/** The message for `tags`; parsePurge reads it back, or undefined for anything malformed. */
export const purgeMessage = (tags: string[]): string => JSON.stringify({ tags } satisfies PurgeMessage);

export function parsePurge(message: string): PurgeMessage | undefined {
  try {
    const parsed = JSON.parse(message) as Partial<PurgeMessage>;
    return Array.isArray(parsed.tags) && parsed.tags.every((tag) => typeof tag === 'string')
      ? { tags: parsed.tags }
      : undefined;
  } catch {
    return undefined;
  }
}

/** One question's detail and its answers (services/community: questions, answers, votes, moderation). */
export const questionTag = (id: string): string => `question:${id}`;
/** Every list that shows questions (the Q&A list with its tiles, an article's story questions). */
export const QUESTION_LISTS_TAG = 'question-lists';
/**
 * One article's comment threads: every page and order of GET /api/community/articles/{id}/comments.
 * Purged on a comment, reply, edit, delete, reaction or moderation move under the article.
 */
export const articleCommentsTag = (articleId: string): string => `article-comments:${articleId}`;
