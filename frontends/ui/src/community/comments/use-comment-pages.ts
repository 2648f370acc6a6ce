import type { CommentListData } from '@pulse/contracts';
import { COMMENT_SORTS, type CommentSort } from '@pulse/contracts/src/api/community-constants';
import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { COMMENTS_QUERY, retryOptions, useApiQueryClient } from '../../api';
import { commentPagesKey, fetchCommentPage } from './comments-api';

/** What the query client holds of an article's threads in one order. */
export type CommentPagesData = InfiniteData<CommentListData, number>;

export interface CommentPages {
  /** The loaded pages, in order. */
  pages: CommentListData[];
  /** The first page has not arrived yet (skeleton). */
  isLoading: boolean;
  /** The first page failed after its retries (error state). */
  error: Error | undefined;
  /** A later page is loading / failed. */
  moreLoading: boolean;
  moreError: Error | undefined;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
  /** Applies an edit to every loaded page (optimistic updates and their rollbacks). */
  update: (edit: (page: CommentListData, index: number) => CommentListData) => void;
  /** Marks the article's other orders stale (they refetch when chosen). */
  invalidateOthers: () => void;
}

/** Applies `edit` to every loaded page of the article's threads in `sort`. */
export function editCommentPages(
  client: QueryClient,
  articleId: string,
  sort: CommentSort,
  edit: (page: CommentListData, index: number) => CommentListData,
): void {
  client.setQueryData<CommentPagesData>(commentPagesKey(articleId, sort), (data) =>
    data ? { ...data, pages: data.pages.map(edit) } : data,
  );
}

/** Marks every order but `sort` stale: the pages on screen already hold the change. */
export function invalidateOtherSorts(client: QueryClient, articleId: string, sort: CommentSort): void {
  for (const other of COMMENT_SORTS)
    if (other !== sort) void client.invalidateQueries({ queryKey: commentPagesKey(articleId, other) });
}

/**
 * The pages of an article's threads in one order, one TanStack infinite query (docs/spec-community.md §9:
 * fresh for 2 minutes, 2 retries; a 404 reads as an empty list). 'Load more' adds the next page; another
 * order is another query, starting at page 1.
 */
export function useCommentPages(articleId: string, sort: CommentSort): CommentPages {
  const client = useApiQueryClient();
  const query = useInfiniteQuery<CommentListData, Error, CommentPagesData, readonly unknown[], number>(
    {
      queryKey: commentPagesKey(articleId, sort),
      queryFn: ({ pageParam }) => fetchCommentPage(articleId, sort, pageParam),
      initialPageParam: 1,
      getNextPageParam: (last, pages) => (last.pagination.hasMore ? pages.length + 1 : undefined),
      staleTime: COMMENTS_QUERY.staleMs,
      ...retryOptions(COMMENTS_QUERY.retries),
    },
    client,
  );
  const { data, error, isPending, isFetching, isFetchingNextPage, isFetchNextPageError } = query;
  const pages = data?.pages ?? [];
  return {
    pages,
    isLoading: isPending && !error,
    error: data === undefined ? (error ?? undefined) : undefined,
    moreLoading: isFetchingNextPage,
    moreError: isFetchNextPageError ? (error ?? undefined) : undefined,
    hasMore: query.hasNextPage && !isFetchNextPageError,
    loadMore: () => {
      if (!isFetching) void query.fetchNextPage({ cancelRefetch: false });
    },
    retry: () => void (isFetchNextPageError ? query.fetchNextPage() : query.refetch()),
    update: (edit) => editCommentPages(client, articleId, sort, edit),
    invalidateOthers: () => invalidateOtherSorts(client, articleId, sort),
  };
}
