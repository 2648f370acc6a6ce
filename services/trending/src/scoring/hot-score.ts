import { isHotScore } from '@pulse/contracts';

/**
 * hotScore, in the Hacker News gravity family (services/trending/README.md 'hotScore'):
 *
 *   hotScore = SCALE × (views + LIKE_WEIGHT × likes + SHARE_WEIGHT × shares) / (ageHours + AGE_OFFSET_HOURS)^GRAVITY
 *
 * Engagement raises it linearly; age divides it by a power, so an article needs ever more engagement
 * to stay hot. SCALE is what puts the HOT threshold (100) at about the top tenth of a day's articles
 * (calibration.spec.ts).
 */
export const HOT_SCORE_CONSTANTS = {
  /** A like is a deliberate act and rarer than a view (2–5 % of views). */
  LIKE_WEIGHT: 3,
  /** A share brings new readers and is rarer still (0.5–1 % of views). */
  SHARE_WEIGHT: 5,
  /** Keeps a brand-new article from dividing by ~0 (HN uses 2). */
  AGE_OFFSET_HOURS: 2,
  /** Gentler than HN's 1.8: a news day is 24 h, and a good morning story should still show in the evening. */
  GRAVITY: 1.5,
  /** Calibrated: on a synthetic realistic day about 10 % of articles score above 100. */
  SCALE: 4.5,
} as const;

export interface EngagementTotals {
  views: number;
  likes: number;
  shares: number;
}

const HOUR_MS = 3_600_000;

/** Raw totals with what the rigging filter took off them (EngagementFilter). */
export interface FilteredTotals extends EngagementTotals {
  discountedViews?: number;
  discountedLikes?: number;
  discountedShares?: number;
}

/** What the hot score counts: raw minus the filter's discount, never below 0. */
export function countedTotals(totals: FilteredTotals): EngagementTotals {
  return {
    views: Math.max(0, totals.views - (totals.discountedViews ?? 0)),
    likes: Math.max(0, totals.likes - (totals.discountedLikes ?? 0)),
    shares: Math.max(0, totals.shares - (totals.discountedShares ?? 0)),
  };
}

/** Weighted engagement points before the age decay. */
export function engagementPoints({ views, likes, shares }: EngagementTotals): number {
  const { LIKE_WEIGHT, SHARE_WEIGHT } = HOT_SCORE_CONSTANTS;
  return Math.max(0, views) + LIKE_WEIGHT * Math.max(0, likes) + SHARE_WEIGHT * Math.max(0, shares);
}

/** hotScore at `nowMs` of an article published at `publishedAtMs`, rounded to 2 decimals. */
export function hotScore(totals: EngagementTotals, publishedAtMs: number, nowMs: number): number {
  const { AGE_OFFSET_HOURS, GRAVITY, SCALE } = HOT_SCORE_CONSTANTS;
  // An article dated in the future (clock skew) counts as brand new, not as a bonus.
  const ageHours = Math.max(0, nowMs - publishedAtMs) / HOUR_MS;
  const score = (SCALE * engagementPoints(totals)) / Math.pow(ageHours + AGE_OFFSET_HOURS, GRAVITY);
  return Math.round(score * 100) / 100;
}

/** The HOT badge: strictly above 100 (docs/spec-content.md §9). */
export const isHotTopic = (score: number): boolean => isHotScore(score);
