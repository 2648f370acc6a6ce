import type { ArticleListItem, OffsetPageResponse } from '@pulse/contracts';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { fetchJson } from './fetch-json';
import { withRetry } from './retry';

export interface InfiniteListState {
  articles: ArticleListItem[];
  hasMore: boolean;
  /** The first page is loading. */
  isLoading: boolean;
  /** A further page is loading. */
  isLoadingMore: boolean;
  error: Error | undefined;
}

type Action =
  | { type: 'reset' }
  | { type: 'start' }
  | { type: 'page'; articles: ArticleListItem[]; hasMore: boolean }
  | { type: 'error'; error: Error };

const INITIAL: InfiniteListState = {
  articles: [],
  hasMore: true,
  isLoading: true,
  isLoadingMore: false,
  error: undefined,
};

export function infiniteListReducer(state: InfiniteListState, action: Action): InfiniteListState {
  switch (action.type) {
    case 'reset':
      return INITIAL;
    case 'start':
      return {
        ...state,
        error: undefined,
        isLoading: state.articles.length === 0,
        isLoadingMore: state.articles.length > 0,
      };
    case 'page': {
      // A story can move between pages while the reader scrolls (new articles shift offsets): skip repeats.
      const seen = new Set(state.articles.map((article) => article.id));
      const fresh = action.articles.filter((article) => !seen.has(article.id));
      return {
        articles: [...state.articles, ...fresh],
        hasMore: action.hasMore,
        isLoading: false,
        isLoadingMore: false,
        error: undefined,
      };
    }
    case 'error':
      return { ...state, error: action.error, isLoading: false, isLoadingMore: false };
  }
}

/**
 * An offset-paged list ({articles, pagination:{hasMore}}, docs/spec-content.md §3), e.g. /api/content/news with
 * limit=12 and offset=page*12. `key` identifies the list (a tab); changing it starts over.
 * `pathFor(offset)` builds the URL of the page starting at offset.
 */
export function useInfiniteList(
  key: string,
  pathFor: (offset: number) => string,
  retries = 2,
): InfiniteListState & { loadMore: () => void } {
  const [state, dispatch] = useReducer(infiniteListReducer, INITIAL);
  const pathForRef = useRef(pathFor);
  pathForRef.current = pathFor;
  // Which list a request belongs to, so a late answer for the previous tab is dropped.
  const generation = useRef(0);
  const busy = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;

  const load = useCallback(
    (offset: number) => {
      const mine = generation.current;
      busy.current = true;
      dispatch({ type: 'start' });
      withRetry(() => fetchJson<OffsetPageResponse>(pathForRef.current(offset)), retries).then(
        (page) => {
          if (mine !== generation.current) return;
          busy.current = false;
          dispatch({ type: 'page', articles: page.articles, hasMore: page.pagination.hasMore });
        },
        (error: unknown) => {
          if (mine !== generation.current) return;
          busy.current = false;
          dispatch({ type: 'error', error: error instanceof Error ? error : new Error(String(error)) });
        },
      );
    },
    [retries],
  );

  useEffect(() => {
    generation.current++;
    busy.current = false;
    dispatch({ type: 'reset' });
    load(0);
  }, [key, load]);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (busy.current || !current.hasMore) return;
    load(current.articles.length);
  }, [load]);

  return { ...state, loadMore };
}
