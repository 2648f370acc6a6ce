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
 * Response of like and unlike. Seed: 'success changes count', body not shown; chosen here so the client
 * can settle its optimistic update on the server's numbers (docs/design.md §11.8).
 */
export interface LikeResponse {
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
export interface ShareResponse {
  sharesCount: number;
}
