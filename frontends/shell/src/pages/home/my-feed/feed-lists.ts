import type { ArticleListItem, CategoryPageResponse, OffsetPageResponse } from '@pulse/contracts';
import { apiQueryKey, fetchJson, LIST_QUERY, retryOptions, useApiQueryClient } from '@pulse/frontend-ui';
import { useQueries } from '@tanstack/react-query';
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

/** The shared lists a reader's follows need: the river, then the first page of each followed category. */
export function feedListPaths(follows: readonly FeedFollow[]): string[] {
  const categories = [
    ...new Set(follows.filter((follow) => follow.kind === 'category').map((follow) => follow.key)),
  ]
    .sort()
    .slice(0, MAX_CATEGORY_LISTS);
  return [...RIVER_PATHS, ...categories.map((slug) => categoryApiPath(slug, DEFAULT_CATEGORY_QUERY))];
}

export interface FeedLists {
  lists: ArticleListItem[][];
  isLoading: boolean;
  /** Set when a list failed and nothing of it was loaded before. */
  error: Error | undefined;
  retry: () => void;
}

/** Reads every path at once through the bundle's query client (cached per URL, as each page reads it). */
export function useFeedLists(paths: readonly string[]): FeedLists {
  const results = useQueries(
    {
      queries: paths.map((path) => ({
        queryKey: apiQueryKey(`feed:${path}`),
        queryFn: () => fetchJson<OffsetPageResponse | CategoryPageResponse>(path),
        staleTime: LIST_QUERY.staleMs,
        ...retryOptions(LIST_QUERY.retries),
      })),
    },
    useApiQueryClient(),
  );
  const failed = results.find((result) => result.error && !result.data);
  return {
    lists: results.flatMap((result) => (result.data ? [result.data.articles] : [])),
    isLoading: results.some((result) => result.isPending && !result.error),
    error: failed?.error ?? undefined,
    retry: () => {
      for (const result of results) if (result.error) void result.refetch();
    },
  };
}
