// The signed-in reader's bookmarks of articles, insights, tech analyses and questions, kept on the server
// per identity (services/community/README.md 'A space of one's own'). Titles come from the server, which
// asks the owning service: a client never names what it bookmarked.
import {
  type Bookmark,
  type BookmarkKind,
  type BookmarkResponse,
  type BookmarksResponse,
  type RemovedResponse,
} from '@pulse/contracts/src/api/community-me';
import { useCallback, useEffect, useState } from 'react';
import { communityFetch, useCurrentUser } from './identity';
import { askReaderState } from './reader-state';

export type { Bookmark, BookmarkKind };

// The paths of libs/contracts ENDPOINTS (myBookmarks, bookmark, unbookmark), written out: the endpoint table
// would add its every row to each page these buttons sit on.
const BOOKMARKS_PATH = '/api/community/me/bookmarks';
const bookmarkPath = (kind: BookmarkKind, id: string) =>
  `${BOOKMARKS_PATH}/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;

export interface BookmarkPage {
  bookmarks: Bookmark[];
  /** Pass back for the next page; null on the last. */
  nextCursor: string | null;
}

/** A page of bookmarks, newest first; of one kind when `kind` is given. */
export async function fetchBookmarks(
  options: { kind?: BookmarkKind; cursor?: string } = {},
): Promise<BookmarkPage> {
  const query = new URLSearchParams();
  if (options.kind) query.set('kind', options.kind);
  if (options.cursor) query.set('cursor', options.cursor);
  const suffix = query.toString() ? `?${query}` : '';
  return (await communityFetch<BookmarksResponse>('GET', `${BOOKMARKS_PATH}${suffix}`)).data;
}

/** Where the reader-state call answers each kind's bookmark (a question's beside its vote). */
const STATE_FIELD = {
  article: 'articles',
  insight: 'insights',
  techAnalysis: 'techAnalyses',
  question: 'questions',
} as const satisfies Record<BookmarkKind, string>;

/**
 * Whether the reader has bookmarked this item: asked through the reader-state call, so the buttons of a
 * page of cards, and the page's votes and reactions, go to the server together.
 */
export async function isBookmarked(kind: BookmarkKind, id: string): Promise<boolean> {
  const field = STATE_FIELD[kind];
  const state = await askReaderState({ [field]: [id] });
  return state[field][id]?.bookmarked ?? false;
}

/** Bookmarks the item (idempotent): 404 when it does not exist, 409 past the cap. */
export async function bookmark(kind: BookmarkKind, id: string): Promise<Bookmark> {
  const path = bookmarkPath(kind, id);
  return (await communityFetch<BookmarkResponse>('PUT', path)).data.bookmark;
}

/** Removes the bookmark; true when there was one. */
export async function unbookmark(kind: BookmarkKind, id: string): Promise<boolean> {
  const path = bookmarkPath(kind, id);
  return (await communityFetch<RemovedResponse>('DELETE', path)).data.removed;
}

export interface BookmarkState {
  /** null while unknown (loading, or nobody signed in). */
  bookmarked: boolean | null;
  busy: boolean;
  /** Bookmarks or removes it; rejects with the server's error (the caller shows it). */
  toggle: () => Promise<void>;
}

/** One item's bookmark for the signed-in reader: asked once per identity, toggled through the server. */
export function useBookmark(kind: BookmarkKind, id: string): BookmarkState {
  const userId = useCurrentUser()?.id ?? null;
  const [bookmarked, setBookmarked] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setBookmarked(null);
    if (!userId) return;
    let live = true;
    isBookmarked(kind, id).then(
      (value) => live && setBookmarked(value),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId, kind, id]);
  const toggle = useCallback(async () => {
    setBusy(true);
    try {
      if (bookmarked) {
        await unbookmark(kind, id);
        setBookmarked(false);
      } else {
        await bookmark(kind, id);
        setBookmarked(true);
      }
    } finally {
      setBusy(false);
    }
  }, [bookmarked, kind, id]);
  return { bookmarked, busy, toggle };
}
