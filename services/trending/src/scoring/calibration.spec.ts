import { hotScore, isHotTopic } from './hot-score';
import { REALISTIC_DAY, syntheticDay } from '../../testing/scoring/synthetic-day';

/**
 * The calibration behind HOT_SCORE_CONSTANTS.SCALE (services/trending/README.md 'Calibration'): on ten synthetic realistic days,
 * scored at the end of each day, about a tenth of the day's articles earn the HOT badge.
 */
describe('hotScore calibration', () => {
  const endOfDay = Date.parse('2026-01-05T15:00:00.000Z');
  const days = Array.from({ length: 10 }, (_, i) =>
    syntheticDay({ ...REALISTIC_DAY, seed: i + 1 }, endOfDay),
  );
  const hotShare = (day: ReturnType<typeof syntheticDay>) =>
    day.filter((a) => isHotTopic(hotScore(a, a.publishedAtMs, endOfDay))).length / day.length;

  it('puts 7–13 % of each day above 100, about 10 % on average', () => {
    const shares = days.map(hotShare);
    const mean = shares.reduce((sum, share) => sum + share, 0) / shares.length;
    console.log(
      `hotScore calibration: share above 100 per day ${shares.map((s) => `${(s * 100).toFixed(1)}%`).join(' ')}; mean ${(mean * 100).toFixed(1)}%`,
    );
    for (const share of shares) {
      expect(share).toBeGreaterThanOrEqual(0.07);
      expect(share).toBeLessThanOrEqual(0.13);
    }
    expect(mean).toBeGreaterThan(0.08);
    expect(mean).toBeLessThan(0.12);
  });

  it('uses realistic traffic: long-tailed views, 2–5 % likes, 0.5–1 % shares', () => {
    const all = days.flat().filter((a) => a.views >= 200);
    const views = all.map((a) => a.views).sort((a, b) => a - b);
    expect(views[views.length - 1] / views[Math.floor(views.length / 2)]).toBeGreaterThan(10);
    for (const a of all) {
      expect(a.likes / a.views).toBeGreaterThanOrEqual(0.018);
      expect(a.likes / a.views).toBeLessThanOrEqual(0.053);
      expect(a.shares / a.views).toBeGreaterThanOrEqual(0.003);
      expect(a.shares / a.views).toBeLessThanOrEqual(0.012);
    }
  });
});
