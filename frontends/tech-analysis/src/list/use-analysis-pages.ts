import type { TechAnalysisListItem, TechAnalysisListResponse, TechnologyCategory } from '@pulse/contracts';
import { fetchJson, LIST_QUERY, retryOptions, useApiQueryClient } from '@pulse/frontend-ui';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { listPath } from '../api';

export interface AnalysisPages {
  analyses: TechAnalysisListItem[];
  hasMore: boolean;
  isLoading: boolean;
  isLoadingMore: boolean;
  error: Error | undefined;
  loadMore: () => void;
}

/** The analyses of the pages loaded, in order, each once (one can move to the next page meanwhile). */
function listed(pages: readonly TechAnalysisListResponse[]): TechAnalysisListItem[] {
  const seen = new Set<string>();
  return pages.flatMap((page) =>
    page.analyses.filter((analysis) => !seen.has(analysis.slug) && Boolean(seen.add(analysis.slug))),
  );
}

/**
 * The page-based list ({analyses, pagination:{page,totalPages}}) read one page at a time as the reader
 * scrolls, as one TanStack infinite query per category: another category is another list.
 */
export function useAnalysisPages(category: TechnologyCategory | null): AnalysisPages {
  const query = useInfiniteQuery<
    TechAnalysisListResponse,
    Error,
    InfiniteData<TechAnalysisListResponse, number>,
    readonly unknown[],
    number
  >(
    {
      queryKey: ['tech-analysis', 'list', category],
      queryFn: ({ pageParam }) => fetchJson<TechAnalysisListResponse>(listPath(pageParam, category)),
      initialPageParam: 1,
      getNextPageParam: ({ pagination }) =>
        pagination.page < pagination.totalPages ? pagination.page + 1 : undefined,
      staleTime: LIST_QUERY.staleMs,
      ...retryOptions(LIST_QUERY.retries),
    },
    useApiQueryClient(),
  );
  const { data, error, isPending, isFetching, isFetchingNextPage, hasNextPage } = query;
  const analyses = useMemo(() => listed(data?.pages ?? []), [data]);
  const busy = useRef(false);
  busy.current = isFetching;

  const loadMore = () => {
    if (busy.current) return;
    // After a failure the same page is asked again; otherwise the next one, while there is one.
    if (data === undefined) {
      busy.current = true;
      void query.refetch();
    } else if (hasNextPage) {
      busy.current = true;
      void query.fetchNextPage({ cancelRefetch: false });
    }
  };

  return {
    analyses,
    hasMore: data === undefined || hasNextPage,
    isLoading: isPending && !error,
    isLoadingMore: isFetchingNextPage,
    error: error ?? undefined,
    loadMore,
  };
}
