import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { fetchJson } from './fetch-json';
import type { QueryPolicy } from './policies';
import { retryOptions, useApiQueryClient } from './query-client';

export interface QueryResult<T> {
  data: T | undefined;
  error: Error | undefined;
  /** No data yet and a fetch is (about to be) under way: show the skeleton. */
  isLoading: boolean;
  /** Any fetch under way, including a background refresh of stale data. */
  isFetching: boolean;
  refetch: () => Promise<void>;
}

/** What a query of useApiQuery carries besides its key: the path a server render reads for it. */
export interface ApiQueryMeta extends Record<string, unknown> {
  path: string;
  /**
   * Set on an infinite query (a list read page by page): `path` is its first page, and this is that page's
   * param, so a server render stores the answer as the query's first page.
   */
  firstPageParam?: number;
}

/** The TanStack key of useApiQuery's `key`. */
export const apiQueryKey = (key: string) => ['api', key] as const;

/**
 * Reads `path` through the bundle's query client under `key` (null: do not fetch, e.g. no id yet).
 * Cached data is shown at once; data older than `staleMs` is refetched in the background; a failure is
 * retried `retries` times with backoff before `error` is set.
 */
export function useApiQuery<T>(
  key: string | null,
  path: string,
  policy: QueryPolicy,
  init?: RequestInit,
): QueryResult<T> {
  // The latest path and init, without making them part of the key (callers pass fresh objects).
  const request = useRef({ path, init });
  request.current = { path, init };
  const meta: ApiQueryMeta = { path };
  const result = useQuery<T, Error>(
    {
      queryKey: apiQueryKey(key ?? ''),
      queryFn: () => fetchJson<T>(request.current.path, request.current.init),
      enabled: key !== null,
      staleTime: policy.staleMs,
      ...retryOptions(policy.retries),
      meta,
    },
    useApiQueryClient(),
  );
  const { data, error, isPending, isFetching, refetch } = result;
  return {
    data,
    error: error ?? undefined,
    isLoading: key !== null && isPending && !error,
    isFetching,
    refetch: () => refetch().then(() => undefined),
  };
}
