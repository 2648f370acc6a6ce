import { categoryApiPath, DEFAULT_CATEGORY_QUERY } from '../../category/category-query';
import type { FeedFollow } from './rank-feed';

/**
 * The newest news and insights, the river every source, tag and story follow is matched against (no list
 * API reads one source or tag): the same two URLs for every reader, so every cache holds them once.
 */
export const RIVER_LIMIT = 50;
export const RIVER_PATHS = [
  `/api/content/news?limit=${RIVER_LIMIT}&offset=0`,
  `/api/content/insights?limit=${RIVER_LIMIT}&offset=0`,
] as const;
/** A followed category adds its own first page (the category page's URL); at most this many are read. */
export const MAX_CATEGORY_LISTS = 3;
/** Every list a view may read: the bound on its requests besides the follows themselves. */
export const MAX_FEED_LISTS = RIVER_PATHS.length + MAX_CATEGORY_LISTS;

/** The shared lists a reader's follows need: the river, then the first page of each followed category. */
export function feedListPaths(follows: readonly FeedFollow[]): string[] {
  const categories = [
    ...new Set(follows.filter((follow) => follow.kind === 'category').map((follow) => follow.key)),
  ]
    .sort()
    .slice(0, MAX_CATEGORY_LISTS);
  return [...RIVER_PATHS, ...categories.map((slug) => categoryApiPath(slug, DEFAULT_CATEGORY_QUERY))];
}
