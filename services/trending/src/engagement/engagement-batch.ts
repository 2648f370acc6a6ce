import type { ArticleEngagedPayload } from '@pulse/contracts';
import type { Counters } from '../trending/trending-articles.repository';
import type { LikeDiscountRecord } from './engagement.record';
import { likeKey } from './engagement.repository';

/** Platforms that are social networks; copy-link and the native share sheet are shares but not SNS. */
export const SNS_PLATFORMS = new Set(['facebook', 'twitter', 'telegram', 'linkedin']);

/** One article's share of a batch of engagements, folded into one counter update. */
export interface ArticleFold {
  /** Views, shares and SNS shares; likes too when the batch has no unlike for the article. */
  counters: Counters;
  /** Latest occurredAt (ISO strings order chronologically). */
  lastAt: string;
  hasUnlike: boolean;
  /** The likes after this batch's likes and unlikes in order, from `likes` before it, never below 0. */
  likesAfter(likes: number): number;
  /** This batch's likes (not unlikes). */
  likes: number;
  /**
   * What the rigging filter took off (1 − weight, summed): discountedViews, discountedShares and the
   * batch's likes' discountedLikes (EngagementFilter). Counted = raw − discounted.
   */
  discounts: Discounts;
  /** What this batch's unlikes took back of their likes' remembered discounts (likeDiscounts below). */
  likeDiscountTakenBack: number;
}

export interface Discounts {
  discountedViews: number;
  discountedLikes: number;
  discountedShares: number;
}

/**
 * Folds engagements (in partition order) per article, as applying them one by one would add up, with
 * each event's filter weight (1 when none is given).
 *
 * likeDiscounts holds, by likeKey, the discounts remembered before the batch for its unlikes' likes, and
 * is brought up to date in place: a discounted like is remembered with its own discount, an unlike takes
 * back the one remembered for its session and article (none: nothing) and forgets it.
 */
export function foldBatch(
  events: ArticleEngagedPayload[],
  weights: readonly number[] = [],
  likeDiscounts = new Map<string, LikeDiscountRecord>(),
): Map<string, ArticleFold> {
  const steps = new Map<string, Array<1 | -1>>();
  const folds = new Map<string, ArticleFold>();
  for (const [index, event] of events.entries()) {
    let fold = folds.get(event.articleId);
    if (!fold) {
      const likeSteps: Array<1 | -1> = [];
      steps.set(event.articleId, likeSteps);
      fold = {
        counters: {},
        lastAt: event.occurredAt,
        hasUnlike: false,
        likesAfter: (likes) => likeSteps.reduce((sum, step) => Math.max(0, sum + step), likes),
        likes: 0,
        discounts: { discountedViews: 0, discountedLikes: 0, discountedShares: 0 },
        likeDiscountTakenBack: 0,
      };
      folds.set(event.articleId, fold);
    }
    const discount = 1 - (weights[index] ?? 1);
    if (event.occurredAt > fold.lastAt) fold.lastAt = event.occurredAt;
    const add = (field: keyof Counters) => (fold.counters[field] = (fold.counters[field] ?? 0) + 1);
    if (event.kind === 'view') {
      add('views');
      fold.discounts.discountedViews += discount;
    } else if (event.kind === 'like') {
      steps.get(event.articleId)!.push(1);
      fold.likes += 1;
      fold.discounts.discountedLikes += discount;
      if (discount > 0)
        likeDiscounts.set(likeKey(event), { _id: likeKey(event), discount, at: event.occurredAt });
      else likeDiscounts.delete(likeKey(event));
    } else if (event.kind === 'unlike') {
      steps.get(event.articleId)!.push(-1);
      fold.hasUnlike = true;
      fold.likeDiscountTakenBack += likeDiscounts.get(likeKey(event))?.discount ?? 0;
      likeDiscounts.delete(likeKey(event));
    } else if (event.kind === 'share') {
      add('shares');
      fold.discounts.discountedShares += discount;
      if (SNS_PLATFORMS.has(event.platform)) add('snsShares');
    }
  }
  for (const [articleId, fold] of folds) {
    const likes = steps.get(articleId)!;
    if (!fold.hasUnlike && likes.length > 0) fold.counters.likes = likes.length;
  }
  return folds;
}
