import type { TechAnalysisListItem, TechAnalysisListResponse, TechnologyCategory } from '@pulse/contracts';
import {
  fetchJson,
  LIST_QUERY,
  type ApiQueryMeta,
  retryOptions,
  useApiQueryClient,
  useLoadMore,
  type LoadMoreState,
} from '@pulse/frontend-ui';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listPath } from '../api';

export interface AnalysisPages extends LoadMoreState {
  analyses: TechAnalysisListItem[];
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
      // A server render reads the first page (frontends/shell/src/server/server-reads.ts).
      meta: { path: listPath(1, category), firstPageParam: 1 } satisfies ApiQueryMeta,
    },
    useApiQueryClient(),
  );
  const analyses = useMemo(() => listed(query.data?.pages ?? []), [query.data]);
  return { analyses, ...useLoadMore(query) };
}
