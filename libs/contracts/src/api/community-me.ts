/**
 * A reader's own space (/me): what a verified identity follows and bookmarks, its own posts, its export and
 * its deletion. Everything here is the identity's own: nobody else's counts or pages change with it. No zod
 * here: the browser bundles import this file (the request schemas are community-me-requests.ts, the
 * response schemas community-me-responses.ts, whose types are re-exported below).
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

// The response types, one source with their schemas (community-me-responses.ts).
export type {
  Follow,
  Bookmark,
  FollowsResponse,
  FollowResponse,
  RemovedResponse,
  BookmarksResponse,
  BookmarkResponse,
  ActivityItem,
  ActivityResponse,
  CommunityExport,
  ExportResponse,
  DeleteMeResponse,
} from './community-me-responses';
