import { z } from 'zod';
import { idParamSchema, oneOf, strictParams } from './params';

/** Likes, shares and like status on articles (docs/spec-content.md §7, §4 'Like on an article'). */

/** Only articles are liked through this call today; the seed always sends 'article'. */
export const LIKE_CONTENT_TYPES = ['article'] as const;

/** Body of POST /api/interactions/like and DELETE /api/interactions/unlike. */
export const likeBodySchema = strictParams({
  contentId: idParamSchema,
  contentType: oneOf('contentType', LIKE_CONTENT_TYPES),
});
export type LikeBody = z.output<typeof likeBodySchema>;

/**
 * Why a like, share or view was not counted (docs/abuse/engagement.md):
 * - 'session-issued': the request carried no reader session the site issued; the answer sets one
 *   (Set-Cookie), and the same action sent again with it counts (the front end's API client does that once);
 * - 'limited': a view past a cap (per reader or per network, per hour), recorded but not counted. Likes and
 *   shares past a cap answer 429 with Retry-After instead, since they are not kept at all.
 * A view already counted within the reader's window answers `counted: false` without a reason, as before.
 */
export const NOT_COUNTED_REASONS = ['session-issued', 'limited'] as const;
export type NotCountedReason = (typeof NOT_COUNTED_REASONS)[number];

/** What a like, share or view answer adds when it did not count (absent when it counted). */
export const notCountedSchema = z.object({
  counted: z.literal(false).optional(),
  reason: z.enum(NOT_COUNTED_REASONS).optional(),
});
export type NotCounted = z.output<typeof notCountedSchema>;

/**
 * Response of like and unlike. Seed: 'success changes count', body not shown; chosen here so the client
 * can settle its optimistic update on the server's numbers (docs/design.md §11.8).
 */
export const likeResponseSchema = notCountedSchema
  .extend({
    liked: z.boolean(),
    likesCount: z.number(),
  })
  .meta({ id: 'LikeResponse' });
export type LikeResponse = z.output<typeof likeResponseSchema>;

/** GET /api/interactions/status/{id} (docs/spec-content.md §7). */
export const likeStatusResponseSchema = z
  .object({
    liked: z.boolean(),
  })
  .meta({ id: 'LikeStatusResponse' });
export type LikeStatusResponse = z.output<typeof likeStatusResponseSchema>;

/**
 * Share targets: Facebook, Twitter, Telegram on the article page; Twitter, Facebook, LinkedIn and copy link
 * on content detail; the native share sheet on tech analyses (docs/spec-content.md §2, §4).
 */
export const SHARE_PLATFORMS = [
  'facebook',
  'twitter',
  'telegram',
  'linkedin',
  'copy-link',
  'native',
] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

/** Body of POST /api/articles/{id}/share (docs/spec-content.md §7). */
export const shareBodySchema = strictParams({ platform: oneOf('platform', SHARE_PLATFORMS) });
export type ShareBody = z.output<typeof shareBodySchema>;

/** Response of share. Seed: not shown; chosen here. */
export const shareResponseSchema = notCountedSchema
  .extend({
    sharesCount: z.number(),
  })
  .meta({ id: 'ShareResponse' });
export type ShareResponse = z.output<typeof shareResponseSchema>;

/** Engagement asked for and not counted, per reason (NotCountedReason). */
export const notCountedByReasonSchema = z.record(z.enum(NOT_COUNTED_REASONS), z.number());
export type NotCountedByReason = z.output<typeof notCountedByReasonSchema>;

/**
 * GET /api/content/admin/articles/{id}/engagement (admin; docs/abuse/engagement.md): what was counted
 * (the article's own figures), what was asked for and not counted, and raw = both.
 */
export const articleEngagementFiguresResponseSchema = z
  .object({
    articleId: z.string(),
    counted: z.object({
      views: z.number(),
      likes: z.number(),
      shares: z.number(),
    }),
    notCounted: z.object({
      view: notCountedByReasonSchema,
      like: notCountedByReasonSchema,
      share: notCountedByReasonSchema,
    }),
    raw: z.object({
      views: z.number(),
      likes: z.number(),
      shares: z.number(),
    }),
  })
  .meta({ id: 'ArticleEngagementFiguresResponse' });
export type ArticleEngagementFiguresResponse = z.output<typeof articleEngagementFiguresResponseSchema>;
