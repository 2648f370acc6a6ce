import { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { isRetryable, retryDelayMs } from './retry';

/**
 * How long a query nobody shows stays cached (TanStack's gcTime): as long as the longest stale time
 * (RELATED_QUERY), so going back to a page within its freshness still finds its answers, and a long
 * reading session does not keep every article it passed through.
 */
export const IDLE_QUERY_MS = 10 * 60_000;

/** TanStack's retry options for `retries` more tries with the backoff of retry.ts, retryable failures only. */
export const retryOptions = (retries: number) => ({
  retry: (failureCount: number, error: unknown) => failureCount < retries && isRetryable(error),
  retryDelay: retryDelayMs,
});

/**
 * A browser bundle's query client. Each bundle (the shell, every remote) keeps its own, as it kept its own
 * cache before: the remotes are built and deployed apart from the shell, so a shared client would make every
 * query key and answer shape an interface between them, and a remote mounted alone (its dev server, its
 * specs) must work without the shell's. Only the library is shared (rspack.common.js), so it loads once.
 * A tab coming back into focus does not refetch: a page refreshes on its stale times and its writes.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: IDLE_QUERY_MS, refetchOnWindowFocus: false, ...retryOptions(0) },
      mutations: { retry: false },
    },
  });
}

/**
 * A server render's client, one per request (renders of concurrent requests interleave): nothing is
 * collected while the request lasts (no idle timers left behind in the gateway) and nothing is retried
 * (frontends/shell/src/server answers the reads itself).
 */
export function createServerQueryClient(): QueryClient {
  // retryOnMount off: a read the render found missing (an error set by the render's reads) is what the
  // page draws, not a fetch about to start.
  return new QueryClient({
    defaultOptions: { queries: { gcTime: Infinity, retry: false, retryOnMount: false } },
  });
}

/** The bundle's client. */
export const queryClient = createQueryClient();

/**
 * The client the bundle's hooks use: the bundle's own in the browser, a request's own in a server render.
 * A context of this bundle's, not TanStack's QueryClientProvider: the library is one shared module, so its
 * provider would hand the shell's client to a remote rendered inside the shell's tree.
 */
export const ApiQueryClientContext = createContext<QueryClient>(queryClient);

export const useApiQueryClient = (): QueryClient => useContext(ApiQueryClientContext);
