import type { ArticleListItem, OffsetPageResponse } from '@pulse/contracts';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { fetchJson } from './fetch-json';
import { LIST_QUERY } from './policies';
import { retryOptions, useApiQueryClient } from './query-client';

export interface InfiniteListState {
  articles: ArticleListItem[];
  hasMore: boolean;
  /** The first page is loading. */
  isLoading: boolean;
  /** A further page is loading. */
  isLoadingMore: boolean;
  error: Error | undefined;
}

/** The articles of the pages loaded, in order. A story can move between pages while the reader scrolls
 * (new articles shift offsets), so an article already listed is not listed again. */
export function listedArticles(pages: readonly OffsetPageResponse[]): ArticleListItem[] {
  const seen = new Set<string>();
  return pages.flatMap((page) =>
    page.articles.filter((article) => !seen.has(article.id) && Boolean(seen.add(article.id))),
  );
}

/** The offset of the page after `pages`: every article they held, repeats included. */
const nextOffset = (last: OffsetPageResponse, pages: OffsetPageResponse[]) =>
  last.pagination.hasMore ? pages.reduce((sum, page) => sum + page.articles.length, 0) : undefined;

/**
 * An offset-paged list ({articles, pagination:{hasMore}}, docs/spec-content.md §3), e.g. /api/content/news with
 * limit=12 and offset=page*12, as one TanStack infinite query. `key` identifies the list (a tab); another
 * key is another list, and coming back to one shows what it had (refetched when older than LIST_QUERY's
 * stale time). `pathFor(offset)` builds the URL of the page starting at offset.
 */
export function useInfiniteList(
  key: string,
  pathFor: (offset: number) => string,
  retries = LIST_QUERY.retries,
): InfiniteListState & { loadMore: () => void } {
  const pathForRef = useRef(pathFor);
  pathForRef.current = pathFor;
  const query = useInfiniteQuery<
    OffsetPageResponse,
    Error,
    InfiniteData<OffsetPageResponse, number>,
    readonly unknown[],
    number
  >(
    {
      queryKey: ['list', key],
      queryFn: ({ pageParam }) => fetchJson<OffsetPageResponse>(pathForRef.current(pageParam)),
      initialPageParam: 0,
      getNextPageParam: nextOffset,
      staleTime: LIST_QUERY.staleMs,
      ...retryOptions(retries),
    },
    useApiQueryClient(),
  );
  const { data, error, isPending, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } =
    query;
  const articles = useMemo(() => listedArticles(data?.pages ?? []), [data]);
  const busy = useRef(false);
  busy.current = isFetching;

  const hasFirstPage = data !== undefined;

  const loadMore = useCallback(() => {
    // One page at a time: a scroll that reaches the end again while the next page loads asks for nothing.
    if (busy.current) return;
    // After a failed first page, the retry asks for it again.
    if (!hasFirstPage) {
      busy.current = true;
      void refetch();
    } else if (hasNextPage) {
      busy.current = true;
      void fetchNextPage({ cancelRefetch: false });
    }
  }, [hasFirstPage, hasNextPage, fetchNextPage, refetch]);

  return {
    articles,
    // Before the first page, and after a failed one, there may be more.
    hasMore: data === undefined || hasNextPage,
    isLoading: isPending && !error,
    isLoadingMore: isFetchingNextPage,
    error: error ?? undefined,
    loadMore,
  };
}
