import type { EngagementTotals } from '../../src/scoring/hot-score';
import { seededRandom } from '@pulse/testing';

/**
 * A synthetic but realistic news day, for calibrating hotScore: articles published evenly over 24 h,
 * each with a long-tailed (log-normal) eventual audience that it gathers with a ~6 h half-life, a like
 * rate of 2–5 % and a share rate of 0.5–1 % of views. Deterministic for a given seed.
 */
export interface SyntheticArticle extends EngagementTotals {
  publishedAtMs: number;
}

export interface SyntheticDayOptions {
  articles: number;
  /** Median eventual views of one article. */
  medianViews: number;
  /** Spread of log(views): 1.2 gives a top article ~50× the median. */
  sigma: number;
  seed: number;
}

export const REALISTIC_DAY: SyntheticDayOptions = { articles: 400, medianViews: 250, sigma: 1.2, seed: 1 };

const HOUR_MS = 3_600_000;
const HALF_LIFE_HOURS = 6;

/** The day's articles as they stand at `endMs` (the end of the day). */
export function syntheticDay(options: SyntheticDayOptions, endMs: number): SyntheticArticle[] {
  const next = seededRandom(options.seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return Array.from({ length: options.articles }, () => {
    const ageHours = next() * 24;
    const eventual = options.medianViews * Math.exp(options.sigma * gaussian());
    const views = Math.round(eventual * (1 - Math.pow(0.5, ageHours / HALF_LIFE_HOURS)));
    const likeRate = 0.02 + next() * 0.03;
    const shareRate = 0.005 + next() * 0.005;
    return {
      publishedAtMs: endMs - ageHours * HOUR_MS,
      views,
      likes: Math.round(views * likeRate),
      shares: Math.round(views * shareRate),
    };
  });
}
