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
export interface NotCounted {
  counted?: false;
  reason?: NotCountedReason;
}

/**
 * Response of like and unlike. Seed: 'success changes count', body not shown; chosen here so the client
 * can settle its optimistic update on the server's numbers (docs/design.md §11.8).
 */
export interface LikeResponse extends NotCounted {
  liked: boolean;
  likesCount: number;
}

/** GET /api/interactions/status/{id} (docs/spec-content.md §7). */
export interface LikeStatusResponse {
  liked: boolean;
}

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
export interface ShareResponse extends NotCounted {
  sharesCount: number;
}

/** Engagement asked for and not counted, per reason (NotCountedReason). */
export type NotCountedByReason = Record<NotCountedReason, number>;

/**
 * GET /api/content/admin/articles/{id}/engagement (admin; docs/abuse/engagement.md): what was counted
 * (the article's own figures), what was asked for and not counted, and raw = both.
 */
export interface ArticleEngagementFiguresResponse {
  articleId: string;
  counted: { views: number; likes: number; shares: number };
  notCounted: { view: NotCountedByReason; like: NotCountedByReason; share: NotCountedByReason };
  raw: { views: number; likes: number; shares: number };
}
