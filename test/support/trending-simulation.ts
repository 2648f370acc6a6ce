import {
  buildEnvelope,
  TOPICS,
  type ArticleEngagedPayload,
  type ArticleScore,
  type EventEnvelope,
  type TrendingArticle,
  type TrendingListResponse,
  type TrendingStatsResponse,
} from '@pulse/contracts';
import type {
  EventBatchHandler,
  EventBus,
  EventHandler,
  HealthResult,
  SubscribeOptions,
  Subscription,
} from '@pulse/platform';
import { seoulDate, type ContentType, type ScriptedDay } from './trending-day';

/** What the simulation specs share: publishing the day, reading every trending call, the expectations. */

const PERIODS = ['day', 'week', 'month'] as const;
const TYPES: readonly ContentType[] = ['news', 'insight', 'analysis'];
const DAY_MS = 86_400_000;
const PUBLISH_BATCH = 1_000;

export async function publishInBatches(
  bus: EventBus,
  topic: string,
  events: readonly EventEnvelope[],
): Promise<void> {
  for (let start = 0; start < events.length; start += PUBLISH_BATCH)
    await bus.publish(topic, events.slice(start, start + PUBLISH_BATCH));
}

/** The day on the bus: articles first, then the engagement in occurredAt order. */
export async function publishDay(bus: EventBus, day: ScriptedDay): Promise<void> {
  await publishInBatches(bus, TOPICS.articlePublished, day.published);
  await publishInBatches(bus, TOPICS.articleEngaged, day.engaged);
}

/**
 * The same engagement sent again as a producer retry would: identical payloads under new envelope ids,
 * so the bus's processed-id record cannot recognise them and only the service's own natural-key check
 * can. Every article's last engagement, plus every 7th event: each replayed envelope of an article has
 * one of these after it on the same key (so the same partition), which is how the specs know the
 * replay was consumed.
 */
export function resentCopies(day: ScriptedDay, tag: string): Array<EventEnvelope<ArticleEngagedPayload>> {
  const last = new Map<string, number>();
  day.engaged.forEach((event, index) => last.set(event.payload.articleId, index));
  const chosen = day.engaged.filter(
    (event, index) => index % 7 === 0 || last.get(event.payload.articleId) === index,
  );
  return chosen.map((event, index) =>
    buildEnvelope(TOPICS.articleEngaged, event.payload, {
      source: 'content',
      id: `${event.id}-${tag}-${index}`,
      occurredAt: event.occurredAt,
    }),
  );
}

/** article.published again under new ids, identical payloads (content re-publishing after a restart). */
export function resentPublished(day: ScriptedDay, tag: string): EventEnvelope[] {
  return day.published.map((event) =>
    buildEnvelope(TOPICS.articlePublished, event.payload, {
      source: 'content',
      id: `${event.id}-${tag}`,
      occurredAt: event.occurredAt,
    }),
  );
}

export interface TrendingApi {
  get<T>(pathAndQuery: string): Promise<T>;
}

export function trendingApi(baseUrl: string): TrendingApi {
  return {
    async get<T>(pathAndQuery: string): Promise<T> {
      const response = await fetch(`${baseUrl}${pathAndQuery}`);
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET ${pathAndQuery}: ${response.status} ${body}`);
      return JSON.parse(body) as T;
    },
  };
}

/** Every list and statistics call the trending page makes, with every period and type, at the maximum limit. */
export const SNAPSHOT_CALLS: readonly string[] = [
  ...PERIODS.map((period) => `/api/trending/stats?period=${period}`),
  '/api/trending/hot-topics?limit=50',
  '/api/trending/hot-topics',
  '/api/trending/hot-topics?limit=6',
  ...TYPES.map((type) => `/api/trending/hot-topics?limit=50&type=${type}`),
  ...PERIODS.flatMap((period) => [
    `/api/trending/popular?period=${period}&limit=50`,
    ...TYPES.map((type) => `/api/trending/popular?period=${period}&limit=50&type=${type}`),
  ]),
  '/api/trending/rising?limit=50',
];

export type Snapshot = Record<string, unknown>;

export async function snapshot(api: TrendingApi): Promise<Snapshot> {
  const bodies = await Promise.all(SNAPSHOT_CALLS.map((call) => api.get<unknown>(call)));
  return Object.fromEntries(SNAPSHOT_CALLS.map((call, index) => [call, bodies[index]]));
}

const list = (snap: Snapshot, call: string) => (snap[call] as TrendingListResponse).articles;
const ids = (articles: TrendingArticle[]) => articles.map((article) => article.id);
const stats = (snap: Snapshot, period: string) =>
  snap[`/api/trending/stats?period=${period}`] as TrendingStatsResponse;

/** Only this day's articles (a shared broker may carry another run's). */
const ours = (day: ScriptedDay, articles: TrendingArticle[]) => {
  const known = new Set(day.articles.map((article) => article.id));
  return articles.filter((article) => known.has(article.id));
};

/** What the scripted day must produce, whatever the exact formula (trending-day.ts says why). */
export function expectScriptedOrders(day: ScriptedDay, snap: Snapshot): void {
  const { expected, totals } = day;
  const top = (articles: TrendingArticle[], n: number) => ids(ours(day, articles)).slice(0, n);

  const hot = list(snap, '/api/trending/hot-topics?limit=50');
  expect(top(hot, expected.hot.length)).toEqual(expected.hot);
  expect(top(list(snap, '/api/trending/hot-topics'), 5)).toEqual(expected.hot);
  expect(list(snap, '/api/trending/hot-topics')).toHaveLength(10);
  expect(top(list(snap, '/api/trending/hot-topics?limit=6'), 5)).toEqual(expected.hot);
  for (const type of TYPES) {
    const typed = list(snap, `/api/trending/hot-topics?limit=50&type=${type}`);
    expect(typed.every((article) => 'type' in article && article.type === type)).toBe(true);
    expect(top(typed, expected.hotByType[type].length)).toEqual(expected.hotByType[type]);
  }
  // The bursts carry their exact counts, the HOT badge agrees with the score, and the list is by score.
  for (const article of hot) {
    expect(article.isHotTopic).toBe(article.hotScore > 100);
    const scripted = totals.get(article.id);
    if (scripted) {
      expect([article.views, article.likesCount, article.sharesCount]).toEqual([
        scripted.views,
        scripted.likes,
        scripted.shares,
      ]);
    }
  }
  for (const id of expected.hot) expect(hot.find((article) => article.id === id)!.isHotTopic).toBe(true);
  const scores = hot.map((article) => article.hotScore);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));

  // Rising: exactly the three late bursts, in order; the badge above 50 views per hour.
  const rising = ours(day, list(snap, '/api/trending/rising?limit=50'));
  expect(ids(rising)).toEqual(expected.rising);
  const vph = rising.map((article) => article.viewsPerHour);
  expect(vph).toEqual([...vph].sort((a, b) => b - a));
  expect(vph.every((value) => value > 50)).toBe(true);

  for (const period of PERIODS) {
    const popular = list(snap, `/api/trending/popular?period=${period}&limit=50`);
    expect(top(popular, expected.popular[period].length)).toEqual(expected.popular[period]);
    const views = popular.map((article) => article.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    for (const type of TYPES) {
      const typed = list(snap, `/api/trending/popular?period=${period}&limit=50&type=${type}`);
      expect(typed.every((article) => 'type' in article && article.type === type)).toBe(true);
      expect(top(typed, expected.popularByType[period][type].length)).toEqual(
        expected.popularByType[period][type],
      );
    }
  }
  // The old leaders are in their periods only.
  const weekLeader = expected.popular.week[0];
  const monthLeader = expected.popular.month[0];
  expect(ids(list(snap, '/api/trending/popular?period=day&limit=50'))).not.toContain(weekLeader);
  expect(ids(list(snap, '/api/trending/popular?period=week&limit=50'))).not.toContain(monthLeader);
}

/**
 * Statistics equal the generated totals. `exclusive` when the service has seen only this day (a fresh
 * store), so totals must match exactly; dailyTrends must list the period's last Seoul days with the
 * day's article counts on each.
 */
export function expectScriptedStats(day: ScriptedDay, snap: Snapshot, serviceNowMs: number): void {
  for (const period of PERIODS) {
    const body = stats(snap, period);
    const want = day.expected.stats[period];
    expect(body.totalStats.totalArticles).toBe(want.totalArticles);
    expect(body.totalStats.totalViews).toBe(want.totalViews);
    expect(Number.isFinite(body.totalStats.avgHotScore)).toBe(true);
    expect(body.totalStats.avgHotScore).toBeGreaterThan(0);
    const days = period === 'day' ? 1 : period === 'week' ? 7 : 30;
    const dates = Array.from({ length: days }, (_, back) =>
      seoulDate(serviceNowMs - (days - 1 - back) * DAY_MS),
    );
    expect(body.dailyTrends.map((entry) => entry.date)).toEqual(dates);
    for (const entry of body.dailyTrends) expect(entry.articles).toBe(want.dailyTrends[entry.date] ?? 0);
  }
  // At least the five bursts are HOT; every HOT article of the day is among the first of hot-topics.
  const hotCount = stats(snap, 'day').hotTopicStats.hotTopicCount;
  expect(hotCount).toBeGreaterThanOrEqual(day.expected.hot.length);
  const hot = list(snap, '/api/trending/hot-topics?limit=50');
  if (hotCount < 50) expect(hot.filter((article) => article.isHotTopic)).toHaveLength(hotCount);
}

/**
 * Every listed article that a pass's batch names shows the score that batch carries. The pass sends its
 * batch before it saves the scores, one article at a time, so the batch arriving does not mean the
 * lists show it yet; and two equal snapshots taken between two slow saves do not either.
 */
export function expectScoresShown(snap: Snapshot, scores: readonly ArticleScore[]): void {
  const sent = new Map(scores.map((score) => [score.articleId, score.hotScore]));
  for (const call of SNAPSHOT_CALLS) {
    if (call.startsWith('/api/trending/stats')) continue;
    for (const article of list(snap, call)) {
      const hotScore = sent.get(article.id);
      if (hotScore !== undefined && article.hotScore !== hotScore)
        throw new Error(
          `${call}: ${article.id} shows hotScore ${article.hotScore}, the pass sent ${hotScore}`,
        );
    }
  }
}

/** Two snapshots are the same, field for field. */
export function expectSameSnapshot(after: Snapshot, before: Snapshot): void {
  expect(after).toEqual(before);
}

/**
 * Two snapshots taken on a running clock with a recompute between them describe the same articles:
 * every article listed in both has the same fields, except hotScore, which may differ by the fraction
 * `scoreTolerance` (plus its rounding, 0.01) (it decays by about 0.02 % a second at the bursts' ages), and isHotTopic where that
 * drift crosses 100; the statistics have the same totals and daily counts. Orders are not compared:
 * two background articles of nearly equal score may swap as they age at different rates (the scripted
 * orders are checked on each snapshot instead).
 */
export function expectSameArticles(after: Snapshot, before: Snapshot, scoreTolerance: number): void {
  const items = (snap: Snapshot) => {
    const byId = new Map<string, TrendingArticle>();
    for (const call of SNAPSHOT_CALLS)
      if (!call.startsWith('/api/trending/stats'))
        for (const article of list(snap, call)) byId.set(article.id, article);
    return byId;
  };
  const [now, then] = [items(after), items(before)];
  // Plus 0.01: scores are rounded to two decimals.
  const close = (a: number, b: number) => Math.abs(a - b) <= scoreTolerance * Math.abs(b) + 0.0101;
  let compared = 0;
  for (const [id, article] of now) {
    const previous = then.get(id);
    if (!previous) continue;
    compared++;
    if (!close(article.hotScore, previous.hotScore))
      throw new Error(`${id}: hotScore ${previous.hotScore} became ${article.hotScore}`);
    const comparable = (item: TrendingArticle) => ({
      ...item,
      hotScore: 0,
      isHotTopic: close(item.hotScore, 100) ? null : item.isHotTopic,
    });
    expect(comparable(article)).toEqual(comparable(previous));
  }
  expect(compared).toBeGreaterThan(50);
  for (const period of PERIODS) {
    const [x, y] = [stats(after, period), stats(before, period)];
    expect([x.totalStats.totalArticles, x.totalStats.totalViews, x.dailyTrends]).toEqual([
      y.totalStats.totalArticles,
      y.totalStats.totalViews,
      y.dailyTrends,
    ]);
    expect(close(x.totalStats.avgHotScore, y.totalStats.avgHotScore)).toBe(true);
  }
}

/**
 * An EventBus that remembers which envelope ids the service's handlers finished, so a spec can wait for
 * a known envelope (and so for everything before it on its partition) without sleeping. An envelope
 * the bus skips as already processed never reaches a handler, and is not recorded.
 */
export class HandledTracker implements EventBus {
  readonly adapterName: string;
  readonly handled = new Set<string>();

  constructor(private readonly inner: EventBus) {
    this.adapterName = inner.adapterName;
  }

  publish(topic: string, events: EventEnvelope | readonly EventEnvelope[]): Promise<void> {
    return this.inner.publish(topic, events);
  }

  subscribe<P = unknown>(options: SubscribeOptions<P>): Promise<Subscription> {
    const { handler, batchHandler } = options;
    if (batchHandler) {
      const tracked: EventBatchHandler<P> = async (events, context) => {
        await batchHandler(events, context);
        for (const event of events) this.handled.add(event.id);
      };
      return this.inner.subscribe({ ...options, batchHandler: tracked });
    }
    const tracked: EventHandler<P> = async (event, context) => {
      await handler!(event, context);
      this.handled.add(event.id);
    };
    return this.inner.subscribe({ ...options, handler: tracked });
  }

  missing(ids: Iterable<string>): number {
    let count = 0;
    for (const id of ids) if (!this.handled.has(id)) count++;
    return count;
  }

  check(): Promise<HealthResult> {
    return this.inner.check();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/**
 * An article.published dated 60 days before the day's end: the service stores it and asks for a
 * recompute, but it is outside every period and never scored, so no response shows it.
 */
export function triggerArticle(day: ScriptedDay, id: string): EventEnvelope {
  const publishedAt = new Date(day.nowMs - 60 * DAY_MS).toISOString();
  return buildEnvelope(
    TOPICS.articlePublished,
    {
      id,
      type: 'news',
      title: 'recompute trigger',
      summary: '',
      categories: ['gen-ai'],
      tags: [],
      publishedAt,
      url: `/news/${id}`,
      imageUrl: null,
    },
    { source: 'content', id: `${id}-published`, occurredAt: publishedAt },
  );
}
