import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/** What a list read page by page as the reader scrolls shows besides its items. */
export interface LoadMoreState {
  hasMore: boolean;
  /** The first page is loading. */
  isLoading: boolean;
  /** A further page is loading. */
  isLoadingMore: boolean;
  error: Error | undefined;
  loadMore: () => void;
}

/**
 * The scroll side of a TanStack infinite query, whatever its paging (offsets, page numbers): one page at a
 * time, so a scroll that reaches the end again while the next page loads asks for nothing, and after a
 * failed first page the next call asks for it again.
 */
export function useLoadMore<Page>(
  query: UseInfiniteQueryResult<InfiniteData<Page, number>, Error>,
): LoadMoreState {
  const { data, error, isPending, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } =
    query;
  const busy = useRef(false);
  busy.current = isFetching;
  const hasFirstPage = data !== undefined;

  const loadMore = useCallback(() => {
    if (busy.current) return;
    if (!hasFirstPage) {
      busy.current = true;
      void refetch();
    } else if (hasNextPage) {
      busy.current = true;
      void fetchNextPage({ cancelRefetch: false });
    }
  }, [hasFirstPage, hasNextPage, fetchNextPage, refetch]);

  return {
    // Before the first page, and after a failed one, there may be more.
    hasMore: !hasFirstPage || hasNextPage,
    isLoading: isPending && !error,
    isLoadingMore: isFetchingNextPage,
    error: error ?? undefined,
    loadMore,
  };
}
