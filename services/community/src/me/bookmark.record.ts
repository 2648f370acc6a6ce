import type { BookmarkKind } from '@pulse/contracts';

/** One identity's bookmark of an article, insight, tech analysis or question (`community_bookmarks`). */
export interface BookmarkRecord {
  /** A hash of identity, kind and item id: bookmarking twice is the same record. */
  _id: string;
  identityId: string;
  kind: BookmarkKind;
  itemId: string;
  /** The owning service's title when the bookmark was made. */
  title: string;
  url: string;
  createdAt: string;
}
