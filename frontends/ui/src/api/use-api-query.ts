import { createContext, useCallback, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { fetchJson } from './fetch-json';
import type { QueryPolicy } from './policies';
import { queryCache, type QueryCache, type QuerySnapshot } from './query-cache';

/**
 * The cache useApiQuery reads: the bundle's own in the browser; a server render gives each request its own
 * (renders of concurrent requests interleave), seeded with that page's answers.
 */
export const QueryCacheContext = createContext<QueryCache>(queryCache);

export interface QueryResult<T> {
  data: T | undefined;
  error: Error | undefined;
  /** No data yet and a fetch is (about to be) under way: show the skeleton. */
  isLoading: boolean;
  /** Any fetch under way, including a background refresh of stale data. */
  isFetching: boolean;
  refetch: () => Promise<void>;
}

const IDLE: QuerySnapshot = { isFetching: false, updatedAt: 0 };
const noSubscription = () => () => undefined;

/**
 * Reads `path` through the bundle's query cache under `key` (null: do not fetch, e.g. no id yet).
 * Cached data is shown at once; data older than `staleMs` is refetched in the background; a failure is
 * retried `retries` times with backoff before `error` is set.
 */
export function useApiQuery<T>(
  key: string | null,
  path: string,
  policy: QueryPolicy,
  init?: RequestInit,
): QueryResult<T> {
  // The latest path and init, without making them effect dependencies (callers pass fresh objects).
  const request = useRef({ path, init });
  request.current = { path, init };
  const { staleMs, retries } = policy;
  const cache = useContext(QueryCacheContext);
  if (key !== null) cache.noteRead(key, path);

  const subscribe = useCallback(
    (listener: () => void) => (key === null ? noSubscription() : cache.subscribe(key, listener)),
    [cache, key],
  );
  const read = () => (key === null ? IDLE : cache.snapshot<T>(key));
  const snapshot = useSyncExternalStore(subscribe, read, read) as QuerySnapshot<T>;

  const load = useCallback(() => {
    if (key === null) return Promise.resolve();
    const { path: url, init: options } = request.current;
    return cache.fetch(key, () => fetchJson<T>(url, options), retries);
  }, [cache, key, retries]);

  useEffect(() => {
    if (key !== null && cache.needsFetch(key, staleMs)) void load();
  }, [cache, key, staleMs, load]);

  const { data, error, isFetching } = snapshot;
  return {
    data,
    error,
    isLoading: key !== null && data === undefined && (isFetching || error === undefined),
    isFetching,
    refetch: load,
  };
}
