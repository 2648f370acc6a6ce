import type { CommentListData } from '@pulse/contracts';
import { COMMENT_SORTS, type CommentSort } from '@pulse/contracts/src/api/community-constants';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { COMMENTS_QUERY, queryCache, type QuerySnapshot } from '../../api';
import { commentKeysOf, commentPageKey, fetchCommentPage } from './comments-api';

export interface CommentPages {
  /** The loaded pages, in order; a page still loading or failed ends the list. */
  pages: CommentListData[];
  /** The first page has not arrived yet (skeleton). */
  isLoading: boolean;
  /** The first page failed after its retries (error state). */
  error: Error | undefined;
  /** A later page is loading / failed. */
  moreLoading: boolean;
  moreError: Error | undefined;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
  /** Applies an edit to every loaded page (optimistic updates and their rollbacks). */
  update: (edit: (page: CommentListData, index: number) => CommentListData) => void;
  /** Marks every cached page of the article stale (other sorts refetch when chosen). */
  invalidateOthers: () => void;
}

const sameSnapshots = (a: readonly QuerySnapshot[], b: readonly QuerySnapshot[]) =>
  a.length === b.length && a.every((snapshot, i) => snapshot === b[i]);

/**
 * The pages of an article's threads in one order, each a query-cache entry (docs/spec-community.md §9: fresh for 2
 * minutes, 2 retries; a 404 reads as an empty list). 'Load more' adds the next page; a new order starts
 * again at page 1.
 */
export function useCommentPages(articleId: string, sort: CommentSort): CommentPages {
  const scope = `${articleId}:${sort}`;
  const [shown, setShown] = useState({ scope, count: 1 });
  const count = shown.scope === scope ? shown.count : 1;
  const keys = useMemo(
    () => Array.from({ length: count }, (_, i) => commentPageKey(articleId, sort, i + 1)),
    [articleId, sort, count],
  );

  const subscribe = useCallback(
    (listener: () => void) => {
      const stops = keys.map((key) => queryCache.subscribe(key, listener));
      return () => stops.forEach((stop) => stop());
    },
    [keys],
  );
  const last = useRef<QuerySnapshot<CommentListData>[]>([]);
  const read = () => {
    const next = keys.map((key) => queryCache.snapshot<CommentListData>(key));
    if (!sameSnapshots(next, last.current)) last.current = next;
    return last.current;
  };
  const snapshots = useSyncExternalStore(subscribe, read, read);

  const load = useCallback(
    (page: number, force = false) => {
      const key = commentPageKey(articleId, sort, page);
      if (force || queryCache.needsFetch(key, COMMENTS_QUERY.staleMs))
        void queryCache.fetch(key, () => fetchCommentPage(articleId, sort, page), COMMENTS_QUERY.retries);
    },
    [articleId, sort],
  );
  useEffect(() => {
    keys.forEach((_, i) => load(i + 1));
  }, [keys, load]);

  const pages: CommentListData[] = [];
  for (const snapshot of snapshots) {
    if (!snapshot.data) break;
    pages.push(snapshot.data);
  }
  const first = snapshots[0] ?? { isFetching: true, updatedAt: 0 };
  const tail = snapshots.length > 1 ? snapshots[snapshots.length - 1] : undefined;
  const lastPage = pages[pages.length - 1];
  return {
    pages,
    isLoading: first.data === undefined && first.error === undefined,
    error: first.data === undefined ? first.error : undefined,
    moreLoading: Boolean(tail && tail.data === undefined && tail.error === undefined),
    moreError: tail && tail.data === undefined ? tail.error : undefined,
    hasMore: pages.length === keys.length && Boolean(lastPage?.pagination.hasMore),
    loadMore: () => setShown({ scope, count: count + 1 }),
    retry: () => load(keys.length > 1 && tail?.error ? keys.length : 1, true),
    update: (edit) =>
      keys.forEach((key, i) => {
        const data = queryCache.snapshot<CommentListData>(key).data;
        if (data) queryCache.set(key, edit(data, i), queryCache.snapshot(key).updatedAt);
      }),
    invalidateOthers: () => {
      // Only the other orders go stale: the pages on screen already hold the change.
      for (const other of COMMENT_SORTS)
        if (other !== sort) queryCache.invalidate(`${commentKeysOf(articleId)}${other}:`);
    },
  };
}
