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
