import { seededRandom, syntheticFeeds } from '@pulse/testing';

/** The three kinds of source the bench compares. */
export type SourceKind = 'busy (polled)' | 'slow (polled)' | 'WebSub (pushed)';

export interface PlannedStory {
  kind: SourceKind;
  feed: string;
  title: string;
  link: string;
  /** Simulated time the source publishes it. */
  publishedAt: number;
}

export interface SourcePlan {
  kind: SourceKind;
  feed: string;
  /** Mean simulated minutes between two stories (exponential gaps: a Poisson stream). */
  meanGapMinutes: number;
  pushed: boolean;
}

/**
 * Realistic publishing patterns: a busy news site (a story every 5 minutes on average), a slow blog
 * (one an hour) and a WebSub-enabled site (one every 15 minutes), each a Poisson stream with a fixed
 * seed so runs compare. Each feed also starts with a backlog of older stories, which only the first
 * poll picks up and the figures leave out.
 */
export const SOURCE_PLANS: readonly SourcePlan[] = [
  { kind: 'busy (polled)', feed: 'busy', meanGapMinutes: 5, pushed: false },
  { kind: 'slow (polled)', feed: 'slow', meanGapMinutes: 60, pushed: false },
  { kind: 'WebSub (pushed)', feed: 'pushed', meanGapMinutes: 15, pushed: true },
];

export const BACKLOG = 5;
const MIN = 60_000;

/** Every story of the run: backlog (published before `start`) and the stream over `[start, end)`. */
export function planStories(start: number, end: number, baseLink: string): PlannedStory[] {
  const random = seededRandom(2026);
  const timesOf = (plan: SourcePlan) => {
    const times: number[] = [];
    for (let i = BACKLOG; i > 0; i -= 1) times.push(start - i * plan.meanGapMinutes * MIN);
    for (let t = start; ;) {
      t += -Math.log(1 - random()) * plan.meanGapMinutes * MIN;
      if (t >= end) break;
      times.push(Math.round(t / 1000) * 1000); // feeds carry whole seconds
    }
    return times;
  };
  const perPlan = SOURCE_PLANS.map((plan) => ({ plan, times: timesOf(plan) }));
  const total = perPlan.reduce((sum, { times }) => sum + times.length, 0);
  // Distinct made-up stories (synthetic-feed.ts): none is a near-duplicate of another.
  const texts = syntheticFeeds({ items: total, perFeed: total, baseLink, name: 'fresh' })[0].stories;
  let next = 0;
  return perPlan.flatMap(({ plan, times }) =>
    times.map((publishedAt) => {
      const { title, link } = texts[next++];
      return { kind: plan.kind, feed: plan.feed, title, link, publishedAt };
    }),
  );
}
