export { ApiError, fetchJson, sendJson } from './fetch-json';
export { ARTICLE_QUERY, COMMENTS_QUERY, LIST_QUERY, RELATED_QUERY, type QueryPolicy } from './policies';
export { QueryCache, queryCache, type QuerySnapshot } from './query-cache';
export { isRetryable, retryDelayMs, withRetry } from './retry';
export { QUERY_SEED_ID, seedQueryCache, serialiseQuerySeed } from './query-seed';
export { QueryCacheContext, useApiQuery, type QueryResult } from './use-api-query';
export { infiniteListReducer, useInfiniteList, type InfiniteListState } from './use-infinite-list';
