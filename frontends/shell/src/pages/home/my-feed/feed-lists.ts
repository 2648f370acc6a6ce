import type { ArticleListItem, CategoryPageResponse, OffsetPageResponse } from '@pulse/contracts';
import { apiQueryKey, fetchJson, LIST_QUERY, retryOptions, useApiQueryClient } from '@pulse/frontend-ui';
import { useQueries } from '@tanstack/react-query';

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
