import { hasRisingBadge, isRisingArticle, minuteOf, viewWindow, type MinuteBuckets } from './views-window';

const MIN = 60_000;
const now = Date.parse('2026-01-05T12:00:30.000Z');
const bucketsAgo = (views: Record<number, number>): MinuteBuckets =>
  Object.fromEntries(Object.entries(views).map(([ago, n]) => [minuteOf(now) - Number(ago), n]));

describe('viewWindow', () => {
  it('counts the last 60 minutes, the current one included, and the last 30 apart', () => {
    const window = viewWindow(bucketsAgo({ 0: 5, 29: 3, 30: 7, 59: 2, 60: 100, [-1]: 50 }), now);
    expect(window).toEqual({ viewsPerHour: 17, recentViews: 8 });
  });
});

describe('rising', () => {
  const old = now - 2 * 60 * MIN;

  it('needs 15 views in the hour, 55 % of them in the last 30 minutes', () => {
    expect(isRisingArticle({ viewsPerHour: 20, recentViews: 11 }, old, now)).toBe(true);
    expect(isRisingArticle({ viewsPerHour: 20, recentViews: 10 }, old, now)).toBe(false);
    expect(isRisingArticle({ viewsPerHour: 14, recentViews: 14 }, old, now)).toBe(false);
  });

  it('needs the article to be at least 30 minutes old', () => {
    expect(isRisingArticle({ viewsPerHour: 40, recentViews: 40 }, now - 29 * MIN, now)).toBe(false);
    expect(isRisingArticle({ viewsPerHour: 40, recentViews: 40 }, now - 30 * MIN, now)).toBe(true);
  });

  it('shows the rising badge strictly above 50 views per hour', () => {
    expect(hasRisingBadge(50)).toBe(false);
    expect(hasRisingBadge(51)).toBe(true);
  });
});
