import { communityFetch } from '@pulse/frontend-ui';
import { useCallback, useEffect, useState } from 'react';

interface PageAnswer<T> {
  items: T[];
  nextCursor: string | null;
}

export interface CursorPages<T> {
  items: T[] | null;
  failed: boolean;
  hasMore: boolean;
  loadMore: () => void;
  /** Drops an item from what is shown (after the server removed it). */
  drop: (keep: (item: T) => boolean) => void;
}

/**
 * The pages of one of the reader's own lists (its posts, its bookmarks), read with its credential and
 * never cached: `path` is the list's URL without a cursor, `read` takes one answer apart (a function
 * defined once, outside the component, so the list is read again only when the path changes).
 */
export function useCursorPages<T, A>(path: string, read: (answer: A) => PageAnswer<T>): CursorPages<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const fetchPage = useCallback(
    (after: string | null) => {
      const separator = path.includes('?') ? '&' : '?';
      const url = after ? `${path}${separator}cursor=${encodeURIComponent(after)}` : path;
      return communityFetch<A>('GET', url).then(read);
    },
    [path, read],
  );
  useEffect(() => {
    let live = true;
    setItems(null);
    setFailed(false);
    fetchPage(null).then(
      (page) => {
        if (!live) return;
        setItems(page.items);
        setCursor(page.nextCursor);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [fetchPage]);
  const loadMore = useCallback(() => {
    if (!cursor) return;
    fetchPage(cursor).then(
      (page) => {
        setItems((shown) => [...(shown ?? []), ...page.items]);
        setCursor(page.nextCursor);
      },
      () => setFailed(true),
    );
  }, [cursor, fetchPage]);
  const drop = useCallback(
    (keep: (item: T) => boolean) => setItems((shown) => shown && shown.filter(keep)),
    [],
  );
  return { items, failed, hasMore: cursor !== null, loadMore, drop };
}
