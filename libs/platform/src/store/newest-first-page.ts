import type { Filter } from './store.port';

/** Where a newest-first page stopped: the last item's time and id (ids break ties between equal times). */
export interface NewestFirstCursor {
  createdAt: string;
  id: string;
}

/** The sort of a newest-first keyset page; `olderThan` continues it. */
export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/**
 * The filter for the items after `cursor` in a newest-first list: keyset paging, so a page is one indexed
 * range whatever its depth, and items added meanwhile never shift the next page.
 */
export const olderThan = (cursor: NewestFirstCursor | undefined): Filter =>
  cursor
    ? {
        $or: [
          { createdAt: { $lt: cursor.createdAt } },
          { createdAt: cursor.createdAt, _id: { $lt: cursor.id } },
        ],
      }
    : {};
