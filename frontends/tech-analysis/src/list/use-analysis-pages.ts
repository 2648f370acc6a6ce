import type { TechAnalysisListItem, TechAnalysisListResponse, TechnologyCategory } from '@pulse/contracts';
import { fetchJson, LIST_QUERY, withRetry } from '@pulse/frontend-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { listPath } from '../api';

export interface AnalysisPages {
  analyses: TechAnalysisListItem[];
  hasMore: boolean;
  isLoading: boolean;
  isLoadingMore: boolean;
  error: Error | undefined;
  loadMore: () => void;
}

interface State {
  analyses: TechAnalysisListItem[];
  /** The last page loaded; 0 before the first. */
  page: number;
  totalPages: number;
  loading: boolean;
  error: Error | undefined;
}

const INITIAL: State = { analyses: [], page: 0, totalPages: 1, loading: true, error: undefined };

/**
 * The page-based list ({analyses, pagination:{page,totalPages}}) read one page at a time as the reader
 * scrolls. Changing the category starts over; an answer for the previous category is dropped.
 */
export function useAnalysisPages(category: TechnologyCategory | null): AnalysisPages {
  const [state, setState] = useState<State>(INITIAL);
  const stateRef = useRef(state);
  stateRef.current = state;
  const generation = useRef(0);
  const busy = useRef(false);

  const load = useCallback(
    (page: number) => {
      const mine = generation.current;
      busy.current = true;
      setState((s) => ({ ...s, loading: true, error: undefined }));
      withRetry(() => fetchJson<TechAnalysisListResponse>(listPath(page, category)), LIST_QUERY.retries).then(
        (body) => {
          if (mine !== generation.current) return;
          busy.current = false;
          setState((s) => {
            const seen = new Set(s.analyses.map((a) => a.slug));
            return {
              analyses: [...s.analyses, ...body.analyses.filter((a) => !seen.has(a.slug))],
              page: body.pagination.page,
              totalPages: body.pagination.totalPages,
              loading: false,
              error: undefined,
            };
          });
        },
        (error: unknown) => {
          if (mine !== generation.current) return;
          busy.current = false;
          setState((s) => ({
            ...s,
            loading: false,
            error: error instanceof Error ? error : new Error(String(error)),
          }));
        },
      );
    },
    [category],
  );

  useEffect(() => {
    generation.current++;
    busy.current = false;
    setState(INITIAL);
    load(1);
  }, [load]);

  const loadMore = useCallback(() => {
    const s = stateRef.current;
    if (busy.current) return;
    // After a failure the same page is asked again; otherwise the next one, while there is one.
    if (s.page === 0 || s.page < s.totalPages) load(s.page + 1);
  }, [load]);

  const hasMore = state.page === 0 || state.page < state.totalPages;
  return {
    analyses: state.analyses,
    hasMore,
    isLoading: state.loading && state.analyses.length === 0,
    isLoadingMore: state.loading && state.analyses.length > 0,
    error: state.error,
    loadMore,
  };
}
