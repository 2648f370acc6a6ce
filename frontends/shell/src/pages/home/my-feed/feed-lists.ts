import type { ArticleListItem, CategoryPageResponse, OffsetPageResponse } from '@pulse/contracts';
import { LIST_QUERY, useApiQuery } from '@pulse/frontend-ui';
import { MAX_FEED_LISTS } from './feed-paths';

export interface FeedLists {
  lists: ArticleListItem[][];
  isLoading: boolean;
  /** Set when a list failed and nothing of it was loaded before. */
  error: Error | undefined;
  retry: () => void;
}

/**
 * Reads every path at once, each cached under its URL. A fixed number of query hooks (the bound of
 * feedListPaths), the unused ones idle: the shell shares only useQuery of TanStack Query with the remotes,
 * and its useQueries would add to every page's JavaScript.
 */
export function useFeedLists(paths: readonly string[]): FeedLists {
  const results = Array.from({ length: MAX_FEED_LISTS }, (_, index) => {
    const path = paths[index];
    // eslint-disable-next-line react-hooks/rules-of-hooks -- always MAX_FEED_LISTS calls, in the same order
    return useApiQuery<OffsetPageResponse | CategoryPageResponse>(
      path === undefined ? null : `feed:${path}`,
      path ?? '',
      LIST_QUERY,
    );
  });
  const failed = results.find((result) => result.error && !result.data);
  return {
    lists: results.flatMap((result) => (result.data ? [result.data.articles] : [])),
    isLoading: results.some((result) => result.isLoading),
    error: failed?.error,
    retry: () => {
      for (const result of results) if (result.error) void result.refetch();
    },
  };
}
