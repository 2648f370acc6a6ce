export { ApiError, fetchJson, sendJson } from './fetch-json';
export { ARTICLE_QUERY, COMMENTS_QUERY, LIST_QUERY, RELATED_QUERY, type QueryPolicy } from './policies';
export {
  ApiQueryClientContext,
  createQueryClient,
  createServerQueryClient,
  IDLE_QUERY_MS,
  queryClient,
  retryOptions,
  useApiQueryClient,
} from './query-client';
export { remoteServerApp, seedRemoteQueryClient, type RemoteServerAppProps } from './remote-server-app';
export { isRetryable, retryDelayMs } from './retry';
export { QUERY_SEED_ID, seedQueryClient, serialiseQuerySeed } from './query-seed';
export { apiQueryKey, useApiQuery, type ApiQueryMeta, type QueryResult } from './use-api-query';
export { listedArticles, useInfiniteList, type InfiniteListState } from './use-infinite-list';
export { useLoadMore, type LoadMoreState } from './use-load-more';
