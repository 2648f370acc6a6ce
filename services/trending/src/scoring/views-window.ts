import { isRising as isRisingBadge } from '@pulse/contracts';

/**
 * Views over a sliding window of minute buckets (services/trending/README.md 'viewsPerHour and rising'). A bucket is the
 * minute since the epoch in which views happened (by the event's occurredAt), so the window is the
 * same whichever replica or restart computes it.
 */
export const MINUTE_MS = 60_000;
export const WINDOW_MINUTES = 60;

/** daily.dev's rising rule. */
export const RISING_RULE = {
  /** The article must be at least this old: a fresh article always has all its views 'recently'. */
  MIN_AGE_MINUTES: 30,
  MIN_VIEWS_LAST_HOUR: 15,
  /** Share of the last hour's views that fell in its last half. */
  MIN_RECENT_SHARE: 0.55,
  RECENT_MINUTES: 30,
} as const;

export const minuteOf = (ms: number): number => Math.floor(ms / MINUTE_MS);

/** Minute buckets: minute → views in it. */
export type MinuteBuckets = Record<number, number>;

export interface ViewWindow {
  /** Counted views (the rigging filter's weights) in the last 60 minutes, the current minute included. */
  viewsPerHour: number;
  /** Counted views in the last 30 minutes. */
  recentViews: number;
}

/** Weighted views are fractions; two decimals, as the hot score, so a pass saves a change only when one shows. */
const round = (views: number) => Math.round(views * 100) / 100;

export function viewWindow(buckets: MinuteBuckets, nowMs: number): ViewWindow {
  const now = minuteOf(nowMs);
  let viewsPerHour = 0;
  let recentViews = 0;
  for (const [key, count] of Object.entries(buckets)) {
    const age = now - Number(key);
    if (age < 0 || age >= WINDOW_MINUTES) continue;
    viewsPerHour += count;
    if (age < RISING_RULE.RECENT_MINUTES) recentViews += count;
  }
  return { viewsPerHour: round(viewsPerHour), recentViews: round(recentViews) };
}

/** Whether the article belongs on the rising list (not the badge: that is viewsPerHour > 50). */
export function isRisingArticle(window: ViewWindow, publishedAtMs: number, nowMs: number): boolean {
  if (nowMs - publishedAtMs < RISING_RULE.MIN_AGE_MINUTES * MINUTE_MS) return false;
  if (window.viewsPerHour < RISING_RULE.MIN_VIEWS_LAST_HOUR) return false;
  return window.recentViews >= RISING_RULE.MIN_RECENT_SHARE * window.viewsPerHour;
}

/** The rising badge: strictly above 50 views per hour (docs/spec-content.md §9). */
export const hasRisingBadge = (viewsPerHour: number): boolean => isRisingBadge(viewsPerHour);
