import { HOT_SCORE_CONSTANTS, hotScore, isHotTopic } from './hot-score';

const HOUR = 3_600_000;
const now = Date.parse('2026-01-05T12:00:00.000Z');
const base = { views: 1000, likes: 30, shares: 8 };

describe('hotScore', () => {
  it('is the documented formula', () => {
    const { SCALE, LIKE_WEIGHT, SHARE_WEIGHT, AGE_OFFSET_HOURS, GRAVITY } = HOT_SCORE_CONSTANTS;
    const expected =
      (SCALE * (1000 + LIKE_WEIGHT * 30 + SHARE_WEIGHT * 8)) / Math.pow(3 + AGE_OFFSET_HOURS, GRAVITY);
    expect(hotScore(base, now - 3 * HOUR, now)).toBeCloseTo(expected, 2);
  });

  it('rises with views, likes and shares, and a like or share is worth more than a view', () => {
    const at = now - 2 * HOUR;
    const score = hotScore(base, at, now);
    const oneMoreView = hotScore({ ...base, views: 1001 }, at, now) - score;
    const oneMoreLike = hotScore({ ...base, likes: 31 }, at, now) - score;
    const oneMoreShare = hotScore({ ...base, shares: 9 }, at, now) - score;
    expect(oneMoreView).toBeGreaterThan(0);
    expect(oneMoreLike).toBeGreaterThan(oneMoreView);
    expect(oneMoreShare).toBeGreaterThan(oneMoreLike);
  });

  it('decays with age', () => {
    const scores = [0, 1, 6, 24, 72].map((hours) => hotScore(base, now - hours * HOUR, now));
    for (let i = 1; i < scores.length; i += 1) expect(scores[i]).toBeLessThan(scores[i - 1]);
  });

  it('treats a future publishedAt as brand new and is 0 without engagement', () => {
    expect(hotScore(base, now + HOUR, now)).toBe(hotScore(base, now, now));
    expect(hotScore({ views: 0, likes: 0, shares: 0 }, now - HOUR, now)).toBe(0);
  });

  it('shows the HOT badge strictly above 100', () => {
    expect(isHotTopic(100)).toBe(false);
    expect(isHotTopic(100.01)).toBe(true);
  });
});
