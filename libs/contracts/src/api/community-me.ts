import type { Badge, CommunityDone, CommunityNotification, CommunityOk } from './community';

/**
 * A reader's own space (/me): what a verified identity follows and bookmarks, its own posts, its export and
 * its deletion. Everything here is the identity's own: nobody else's counts or pages change with it. No zod
 * here: the browser bundles import this file (the request schemas are community-me-requests.ts).
 */

/** What a reader can follow; the key is the taxonomy's category id, the tag text normalised, the source id or the storyId. */
export const FOLLOW_KINDS = ['category', 'tag', 'source', 'story'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** What a reader can bookmark, each by its id (a tech analysis by its slug). */
export const BOOKMARK_KINDS = ['article', 'insight', 'techAnalysis', 'question'] as const;
export type BookmarkKind = (typeof BOOKMARK_KINDS)[number];

/** Chosen caps per identity: past them a follow or bookmark is 409 (the reader removes one first). */
export const FOLLOWS_PER_IDENTITY = 500;
export const BOOKMARKS_PER_IDENTITY = 2000;

export interface Follow {
  kind: FollowKind;
  key: string;
  label: string | null;
  createdAt: string;
}

export interface Bookmark {
  kind: BookmarkKind;
  id: string;
  /** As the owning service names it when the bookmark was made (never what the client sent). */
  title: string;
  /** The page on this site. */
  url: string;
  createdAt: string;
}

/**
 * A follow key as stored and compared: NFC, trimmed, and for tags lower-cased, so '#LLM ' and 'llm' are one
 * follow. Feeds compare an item's tags with `followKeyOf('tag', tag)`.
 */
export const followKeyOf = (kind: FollowKind, raw: string): string => {
  const key = raw.normalize('NFC').trim();
  return kind === 'tag' ? key.replace(/^#/, '').toLowerCase() : key;
};

/** How many items one `ids` question may name (a page of question cards is 20). */
export const BOOKMARK_IDS_PER_QUERY = 50;

/** What /me lists of the identity's own posts. */
export const ACTIVITY_KINDS = ['questions', 'answers', 'comments'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The word a reader types to confirm deleting everything (DELETE /api/community/me). */
export const DELETE_ME_CONFIRMATION = '삭제합니다';

export type FollowsResponse = CommunityOk<{ follows: Follow[] }>;
export type FollowResponse = CommunityOk<{ follow: Follow }>;
export type RemovedResponse = CommunityOk<{ removed: boolean }>;
export type BookmarksResponse = CommunityOk<{ bookmarks: Bookmark[]; nextCursor: string | null }>;
export type BookmarkResponse = CommunityOk<{ bookmark: Bookmark }>;

/** One of the identity's own posts, as /me lists it. */
export interface ActivityItem {
  kind: 'question' | 'answer' | 'comment';
  id: string;
  /** The question's title, for an answer its question's; for a comment the article's id. */
  title: string;
  /** The start of the text, at most 200 characters. */
  excerpt: string;
  /** Where it is shown on this site. */
  url: string;
  createdAt: string;
}
export type ActivityResponse = CommunityOk<{ items: ActivityItem[]; nextCursor: string | null }>;

/** Everything held for the identity, as one JSON download. */
export interface CommunityExport {
  exportedAt: string;
  identity: { id: string; displayName: string; createdAt: string; trustLevel: string; badges: Badge[] };
  /** `state` says whether a post is still shown ('visible'), held, hidden or deleted by its author. */
  questions: Array<{
    id: string;
    title: string;
    content: string;
    tags: string[];
    state: string;
    createdAt: string;
  }>;
  answers: Array<{ id: string; questionId: string; content: string; state: string; createdAt: string }>;
  comments: Array<{ id: string; articleId: string; content: string; state: string; createdAt: string }>;
  bookmarks: Bookmark[];
  follows: Follow[];
  notifications: CommunityNotification[];
}
export type ExportResponse = CommunityOk<CommunityExport>;
export type DeleteMeResponse = CommunityDone;
