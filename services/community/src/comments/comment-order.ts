import type { CommentSort } from '@pulse/contracts';
import type { SortSpec } from '@pulse/platform';

/**
 * How controversial a comment is (the 'controversial' sort; services/community/README.md 'Article comments'). Reddit's formula, which
 * Remark42 also uses:
 *
 *     controversy = (likes + dislikes) ^ (min(likes, dislikes) / max(likes, dislikes))
 *
 * 0 when either side is 0. Many reactions split evenly rank first: 50/50 → 100, 10/10 → 20, 90/10 → 1.7,
 * 100/0 → 0. The exponent rewards balance, the base rewards volume.
 */
export function controversy(likes: number, dislikes: number): number {
  if (likes <= 0 || dislikes <= 0) return 0;
  return (likes + dislikes) ** (Math.min(likes, dislikes) / Math.max(likes, dislikes));
}

/**
 * The order of comments at every level of a thread (top-level comments and the replies under each). The
 * store breaks remaining ties by _id, so pages are stable.
 */
export const COMMENT_ORDER: Record<CommentSort, SortSpec> = {
  popular: { score: -1, createdAt: -1 },
  latest: { createdAt: -1 },
  oldest: { createdAt: 1 },
  controversial: { controversy: -1, score: -1, createdAt: -1 },
};
