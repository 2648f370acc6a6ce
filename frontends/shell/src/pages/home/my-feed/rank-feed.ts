import type { ArticleListItem } from '@pulse/contracts';

/** What the feed needs of a follow (the community's Follow: kind, key; label and createdAt unused here). */
export interface FeedFollow {
  kind: 'category' | 'tag' | 'source' | 'story';
  key: string;
}

/**
 * A list item as the feed reads it. `storyId` and each source's `sourceId` are optional on the wire (older
 * answers and authored articles have none), so a story or source follow simply matches nothing there.
 */
type FeedArticle = ArticleListItem;

/** A day: an article's weight halves every day, so yesterday's hot story still beats today's quiet one. */
export const HALF_LIFE_HOURS = 24;
/** How many articles the feed shows: the ranked head of the lists, not every match. */
export const FEED_SIZE = 30;

const HOUR_MS = 3_600_000;

/**
 * A tag as the community keys a tag follow (NFC, trimmed, without a leading '#', lower case), so an
 * article's tag 'LLM' matches the follow 'llm'.
 */
export const normaliseTag = (text: string): string =>
  text.normalize('NFC').trim().replace(/^#/, '').toLowerCase();

/** Whether the article matches one follow: its category (primary or secondary), a source, a tag or its story. */
export function matchesFollow(article: FeedArticle, follow: FeedFollow): boolean {
  switch (follow.kind) {
    case 'category':
      return article.primaryCategory === follow.key || article.secondaryCategory === follow.key;
    case 'source':
      return article.originalSources.some((source) => source.sourceId === follow.key);
    case 'tag': {
      const wanted = normaliseTag(follow.key);
      return article.tags.some(
        (tag) => normaliseTag(tag.name) === wanted || normaliseTag(tag.slug) === wanted,
      );
    }
    case 'story':
      return article.storyId === follow.key;
  }
}

/**
 * The feed's rank of an article: (1 + hotScore) × 2^(−age / 24 h). An article trending never scored
 * (hotScore 0 or missing) ranks by freshness alone; a scored one keeps its lead until a day's decay halves it.
 */
export function feedScore(article: Pick<FeedArticle, 'hotScore' | 'publishedAt'>, now: number): number {
  const hot = Number.isFinite(article.hotScore) && article.hotScore > 0 ? article.hotScore : 0;
  const published = Date.parse(article.publishedAt);
  // An unparseable date is treated as old rather than new: it must not float to the top.
  const ageHours = Number.isFinite(published) ? Math.max(0, now - published) / HOUR_MS : Infinity;
  return (1 + hot) * 2 ** (-ageHours / HALF_LIFE_HOURS);
}

/**
 * One copy per article across every list read: the same article comes from its category's list and the
 * latest river, each cached on its own, so the later-updated copy (then the higher score) is kept.
 */
function newestCopies(lists: readonly (readonly FeedArticle[])[]): FeedArticle[] {
  const byId = new Map<string, FeedArticle>();
  for (const list of lists)
    for (const article of list) {
      const kept = byId.get(article.id);
      if (!kept || isNewerCopy(article, kept)) byId.set(article.id, article);
    }
  return [...byId.values()];
}

const isNewerCopy = (candidate: FeedArticle, kept: FeedArticle): boolean =>
  candidate.updatedAt !== kept.updatedAt
    ? candidate.updatedAt > kept.updatedAt
    : (candidate.hotScore ?? 0) > (kept.hotScore ?? 0);

/**
 * The reader's feed from shared lists: the articles matching any follow, once each, best first by
 * feedScore; ties go to the newer article, then to the id so the order never flickers between renders.
 */
export function rankFeed(
  lists: readonly (readonly FeedArticle[])[],
  follows: readonly FeedFollow[],
  now: number,
  size = FEED_SIZE,
): FeedArticle[] {
  if (follows.length === 0) return [];
  return newestCopies(lists)
    .filter((article) => follows.some((follow) => matchesFollow(article, follow)))
    .map((article) => ({ article, score: feedScore(article, now) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        Date.parse(b.article.publishedAt) - Date.parse(a.article.publishedAt) ||
        (a.article.id < b.article.id ? -1 : a.article.id > b.article.id ? 1 : 0),
    )
    .slice(0, size)
    .map(({ article }) => article);
}
