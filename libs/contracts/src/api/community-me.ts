import { z } from 'zod';
import { CATEGORY_SLUGS } from './taxonomy';
import type { Badge, CommunityDone, CommunityNotification, CommunityOk } from './community';
import { oneOf, strictParams, textField } from './params';

/**
 * A reader's own space (/me): what a verified identity follows and bookmarks, its own posts, its export and
 * its deletion. Everything here is the identity's own: nobody else's counts or pages change with it.
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

const idLike = /^[A-Za-z0-9_.:-]{1,200}$/;
const keyMessage: Record<FollowKind, string> = {
  category: `key must be one of: ${CATEGORY_SLUGS.join(', ')}`,
  tag: 'key must be a tag of 1 to 30 characters',
  source: 'key must be a source id of 1 to 200 letters, digits, _ . : or -',
  story: 'key must be a story id of 1 to 200 letters, digits, _ . : or -',
};

/** Whether `key` (already through followKeyOf) is a valid key of `kind`; the 400 names `key` otherwise. */
export const followKeyProblem = (kind: FollowKind, key: string): string | undefined => {
  const valid =
    kind === 'category'
      ? (CATEGORY_SLUGS as readonly string[]).includes(key)
      : kind === 'tag'
        ? key.length >= 1 && key.length <= 30 && !/[\p{Cc}\p{Cf}]/u.test(key)
        : idLike.test(key);
  return valid ? undefined : keyMessage[kind];
};

export const followKindSchema = oneOf('kind', FOLLOW_KINDS);
export const bookmarkKindSchema = oneOf('kind', BOOKMARK_KINDS);
/** A bookmarked item's id: an article or question id, or a tech analysis slug (which may be Korean). */
export const bookmarkIdSchema = z
  .string({ error: () => 'id is required' })
  .regex(/^[\p{L}\p{N}_-]{1,200}$/u, { error: 'id must be 1 to 200 letters, digits, _ or -' });
/** The path's key before normalising: bounded so a hostile value never reaches a store filter. */
export const followKeyParamSchema = z
  .string({ error: () => 'key is required' })
  .min(1, { error: 'key is required' })
  .max(200, { error: 'key must be at most 200 characters' });

/** PUT /api/community/me/follows/{kind}/{key} {label?}: the label is the reader's own name for it. */
export const followBodySchema = strictParams({
  label: textField('label', { min: 1, max: 100 }).optional(),
});
export type FollowBody = z.output<typeof followBodySchema>;

/** Cursors are opaque to clients: the last item's time and id. */
export const cursorParamSchema = z
  .string({ error: () => 'cursor must be text' })
  .regex(/^[A-Za-z0-9_-]{1,300}$/, { error: 'cursor must be a cursor this API returned' })
  .optional();

/** How many items one `ids` question may name (a page of question cards is 20). */
export const BOOKMARK_IDS_PER_QUERY = 50;
const bookmarkIdsSchema = z
  .string({ error: () => 'ids must be text' })
  .transform((text) => text.split(','))
  .pipe(
    z
      .array(bookmarkIdSchema.or(z.string().max(0)), { error: () => 'ids must be a comma-separated list' })
      .max(BOOKMARK_IDS_PER_QUERY, { error: `ids must name at most ${BOOKMARK_IDS_PER_QUERY} items` })
      .transform((ids) => [...new Set(ids.filter((id) => id.length > 0))])
      .refine((ids) => ids.length > 0, { error: 'ids must name at least one item' }),
  );

/**
 * GET /api/community/me/bookmarks?kind=&cursor=; `ids` (comma-separated, with `kind`) asks which of those
 * items are bookmarked: the answer lists just those (bookmark buttons on a page of cards ask once).
 */
export const bookmarkListQuerySchema = strictParams({
  kind: bookmarkKindSchema.optional(),
  ids: bookmarkIdsSchema.optional(),
  cursor: cursorParamSchema,
}).refine((query) => query.ids === undefined || query.kind !== undefined, {
  error: 'kind is required with ids',
  path: ['kind'],
});
export type BookmarkListQuery = z.output<typeof bookmarkListQuerySchema>;

export const ACTIVITY_KINDS = ['questions', 'answers', 'comments'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
/** GET /api/community/me/activity?kind=&cursor= */
export const activityQuerySchema = strictParams({
  kind: oneOf('kind', ACTIVITY_KINDS),
  cursor: cursorParamSchema,
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;

/** The word a reader types to confirm deleting everything (DELETE /api/community/me). */
export const DELETE_ME_CONFIRMATION = '삭제합니다';
export const deleteMeBodySchema = strictParams({
  confirm: z.literal(DELETE_ME_CONFIRMATION, {
    error: () => `confirm must be '${DELETE_ME_CONFIRMATION}'`,
  }),
});
export type DeleteMeBody = z.output<typeof deleteMeBodySchema>;

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
