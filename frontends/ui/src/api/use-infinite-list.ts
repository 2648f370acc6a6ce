import type { ArticleListItem, OffsetPageResponse } from '@pulse/contracts';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { fetchJson } from './fetch-json';
import { LIST_QUERY } from './policies';
import { retryOptions, useApiQueryClient } from './query-client';
import type { ApiQueryMeta } from './use-api-query';
import { useLoadMore, type LoadMoreState } from './use-load-more';

export interface InfiniteListState extends Omit<LoadMoreState, 'loadMore'> {
  articles: ArticleListItem[];
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
      // A server render reads the first page (frontends/shell/src/server/server-reads.ts).
      meta: { path: pathFor(0), firstPageParam: 0 } satisfies ApiQueryMeta,
    },
    useApiQueryClient(),
  );
  const articles = useMemo(() => listedArticles(query.data?.pages ?? []), [query.data]);
  return { articles, ...useLoadMore(query) };
}
