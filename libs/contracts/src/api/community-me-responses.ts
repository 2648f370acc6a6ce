import { z } from 'zod';
import {
  badgeSchema,
  communityDoneSchema,
  communityNotificationSchema,
  communityOk,
} from './community-responses';
import { BOOKMARK_KINDS, FOLLOW_KINDS } from './community-me';

export const followSchema = z
  .object({
    kind: z.enum(FOLLOW_KINDS),
    key: z.string(),
    label: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Follow' });
export type Follow = z.output<typeof followSchema>;

export const bookmarkSchema = z
  .object({
    kind: z.enum(BOOKMARK_KINDS),
    id: z.string(),
    /** As the owning service names it when the bookmark was made (never what the client sent). */
    title: z.string(),
    /** The page on this site. */
    url: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Bookmark' });
export type Bookmark = z.output<typeof bookmarkSchema>;

export const followsResponseSchema = communityOk(
  z.object({
    follows: z.array(followSchema),
  }),
);
export type FollowsResponse = z.output<typeof followsResponseSchema>;

export const followResponseSchema = communityOk(
  z.object({
    follow: followSchema,
  }),
);
export type FollowResponse = z.output<typeof followResponseSchema>;

export const removedResponseSchema = communityOk(
  z.object({
    removed: z.boolean(),
  }),
);
export type RemovedResponse = z.output<typeof removedResponseSchema>;

export const bookmarksResponseSchema = communityOk(
  z.object({
    bookmarks: z.array(bookmarkSchema),
    nextCursor: z.string().nullable(),
  }),
);
export type BookmarksResponse = z.output<typeof bookmarksResponseSchema>;

export const bookmarkResponseSchema = communityOk(
  z.object({
    bookmark: bookmarkSchema,
  }),
);
export type BookmarkResponse = z.output<typeof bookmarkResponseSchema>;

/** One of the identity's own posts, as /me lists it. */
export const activityItemSchema = z
  .object({
    kind: z.enum(['question', 'answer', 'comment']),
    id: z.string(),
    /** The question's title, for an answer its question's; for a comment the article's id. */
    title: z.string(),
    /** The start of the text, at most 200 characters. */
    excerpt: z.string(),
    /** Where it is shown on this site. */
    url: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ActivityItem' });
export type ActivityItem = z.output<typeof activityItemSchema>;

export const activityResponseSchema = communityOk(
  z.object({
    items: z.array(activityItemSchema),
    nextCursor: z.string().nullable(),
  }),
);
export type ActivityResponse = z.output<typeof activityResponseSchema>;

/** Everything held for the identity, as one JSON download. */
export const communityExportSchema = z
  .object({
    exportedAt: z.string(),
    identity: z.object({
      id: z.string(),
      displayName: z.string(),
      createdAt: z.string(),
      trustLevel: z.string(),
      badges: z.array(badgeSchema),
    }),
    /** `state` says whether a post is still shown ('visible'), held, hidden or deleted by its author. */
    questions: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        content: z.string(),
        tags: z.array(z.string()),
        state: z.string(),
        createdAt: z.string(),
      }),
    ),
    answers: z.array(
      z.object({
        id: z.string(),
        questionId: z.string(),
        content: z.string(),
        state: z.string(),
        createdAt: z.string(),
      }),
    ),
    comments: z.array(
      z.object({
        id: z.string(),
        articleId: z.string(),
        content: z.string(),
        state: z.string(),
        createdAt: z.string(),
      }),
    ),
    bookmarks: z.array(bookmarkSchema),
    follows: z.array(followSchema),
    notifications: z.array(communityNotificationSchema),
  })
  .meta({ id: 'CommunityExport' });
export type CommunityExport = z.output<typeof communityExportSchema>;

export const exportResponseSchema = communityOk(communityExportSchema);
export type ExportResponse = z.output<typeof exportResponseSchema>;

export const deleteMeResponseSchema = communityDoneSchema;
export type DeleteMeResponse = z.output<typeof deleteMeResponseSchema>;
