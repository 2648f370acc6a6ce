import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  TOPICS,
  type ArticleEngagedPayload,
  type ArticlePublishedPayload,
  type ArticleWithdrawnPayload,
  type EventEnvelope,
  type TrendingListResponse,
  type TrendingScoresUpdatedPayload,
  type TrendingStatsResponse,
} from '@pulse/contracts';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  InProcessEventBus,
  MemoryCacheStore,
  publishEvent,
  type EventBus,
  type SubscribeOptions,
  type Subscription,
} from '@pulse/platform';
import { eventually, TestClock } from '@pulse/testing';
import pino from 'pino';
import { TrendingModule } from './trending.module';
import { trendingService } from './trending.service-definition';
import { ScoresService } from './trending/scores.service';

const logger = pino({ level: 'silent' });
const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.parse('2026-01-05T03:00:00.000Z'); // 12:00 in Seoul
const clock = new TestClock(START);
const iso = (ms: number) => new Date(ms).toISOString();

const published = (
  id: string,
  type: ArticlePublishedPayload['type'],
  ageMs: number,
): ArticlePublishedPayload => ({
  id,
  type,
  title: `기사 ${id}`,
  summary: `${id} 요약`,
  categories: ['gen-ai'],
  tags: ['오픈AI'],
  publishedAt: iso(START - ageMs),
  url: `/${type}/${id}`,
  imageUrl: null,
});

let session = 0;
/** `count` events of one kind, each from its own reader, at `atMs`. */
const engaged = (articleId: string, kind: 'view' | 'like' | 'unlike', count: number, atMs: number) =>
  Array.from({ length: count }, () => {
    session += 1;
    return {
      articleId,
      kind,
      sessionKey: `session-${String(session).padStart(12, '0')}`,
      occurredAt: iso(atMs),
    };
  }) as ArticleEngagedPayload[];

async function startTrending(dataDir: string, bus: EventBus) {
  const store = await EmbeddedDocumentStore.open({ dataDir });
  const cache = new MemoryCacheStore();
  const definition = { ...trendingService, module: TrendingModule.withClock(clock) };
  const app: NestFastifyApplication = await createServiceApp(definition, { bus, store, cache }, logger);
  const get = async <T>(url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() as T };
  };
  return {
    app,
    get,
    ids: async (url: string) => (await get<TrendingListResponse>(url)).body.articles.map((a) => a.id),
    recompute: () => app.get(ScoresService).recompute(),
    close: async () => {
      await app.close();
      await cache.close();
      await store.close();
    },
  };
}

/**
 * Counts the envelopes the service's handlers finished (a batch counts each of its events), so a test
 * can wait for deliveries that change nothing. An envelope the bus skips as processed is not counted.
 */
class CountingBus extends InProcessEventBus {
  private readonly handledByTopic = new Map<string, number>();

  /** Envelopes of these topics the handlers finished. */
  handled(...topics: string[]): number {
    return topics.reduce((sum, topic) => sum + (this.handledByTopic.get(topic) ?? 0), 0);
  }

  override subscribe<P>(options: SubscribeOptions<P>): Promise<Subscription> {
    const { handler, batchHandler, topic } = options;
    const count = (events: number) =>
      this.handledByTopic.set(topic, (this.handledByTopic.get(topic) ?? 0) + events);
    if (batchHandler)
      return super.subscribe({
        ...options,
        batchHandler: async (events, context) => {
          await batchHandler(events, context);
          count(events.length);
        },
      });
    return super.subscribe({
      ...options,
      handler: async (event, context) => {
        await handler!(event, context);
        count(1);
      },
    });
  }
}

describe('trending service', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-trending-'));
  const bus = new CountingBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
  const sent: Array<
    EventEnvelope<ArticleEngagedPayload | ArticlePublishedPayload | ArticleWithdrawnPayload>
  > = [];
  const batches: TrendingScoresUpdatedPayload[] = [];
  let service: Awaited<ReturnType<typeof startTrending>>;

  const send = async <P extends ArticleEngagedPayload | ArticlePublishedPayload | ArticleWithdrawnPayload>(
    topic: string,
    payloads: P[],
  ) => {
    for (const payload of payloads) {
      const envelope = await publishEvent(bus, topic as typeof TOPICS.articleEngaged, payload as never, {
        source: 'content',
      });
      sent.push(envelope as EventEnvelope<P>);
    }
  };
  const handled = () => bus.handled(TOPICS.articlePublished, TOPICS.articleEngaged);
  const handledAll = () => eventually(() => expect(handled()).toBe(sent.length), { timeoutMs: 10_000 });
  const snapshot = async () => ({
    hot: (await service.get<TrendingListResponse>('/api/trending/hot-topics?limit=50')).body,
    popular: (await service.get<TrendingListResponse>('/api/trending/popular?period=month&limit=50')).body,
    stats: (await service.get<TrendingStatsResponse>('/api/trending/stats?period=week')).body,
  });

  beforeAll(async () => {
    process.env.TRENDING_RECOMPUTE_DEBOUNCE_MS = '60000';
    await bus.subscribe({
      topic: TOPICS.trendingScoresUpdated,
      group: 'content-under-test',
      handler: (event) => void batches.push((event as EventEnvelope<TrendingScoresUpdatedPayload>).payload),
    });
    service = await startTrending(dataDir, bus);
    await send(TOPICS.articlePublished, [
      published('a-hot', 'news', 2 * HOUR),
      published('a-rising', 'analysis', 3 * HOUR),
      published('a-steady', 'news', 5 * HOUR),
      published('a-old', 'insight', 3 * 86_400_000),
      published('a-new', 'news', 10 * MIN),
    ]);
    await send(TOPICS.articleEngaged, [
      // Hot: 600 views spread over the last 2 hours, 30 likes.
      ...Array.from({ length: 120 }, (_, i) => engaged('a-hot', 'view', 5, START - i * MIN)).flat(),
      ...engaged('a-hot', 'like', 30, START - 30 * MIN),
      // Rising: 5 views an hour ago, 40 in the last ten minutes.
      ...engaged('a-rising', 'view', 5, START - 50 * MIN),
      ...engaged('a-rising', 'view', 40, START - 5 * MIN),
      // Steady: 80 views 4 hours ago, nothing since.
      ...engaged('a-steady', 'view', 80, START - 4 * HOUR),
      // Old: many views, 3 days ago.
      ...engaged('a-old', 'view', 900, START - 70 * HOUR),
      // New: too young to be rising, though all its views are recent.
      ...engaged('a-new', 'view', 30, START - 2 * MIN),
      // Likes and unlikes: never below 0.
      ...engaged('a-steady', 'like', 2, START - 4 * HOUR),
      ...engaged('a-steady', 'unlike', 5, START - 3 * HOUR),
    ]);
    await handledAll();
    await service.recompute();
  }, 60_000);

  afterAll(async () => {
    await service.close();
    await bus.close();
    rmSync(dataDir, { recursive: true, force: true });
    delete process.env.TRENDING_RECOMPUTE_DEBOUNCE_MS;
  });

  it('orders hot topics by hotScore and flags those above 100', async () => {
    const { body } = await service.get<TrendingListResponse>('/api/trending/hot-topics');
    expect(body.articles.map((a) => a.id)).toEqual(['a-hot', 'a-new', 'a-steady', 'a-rising', 'a-old']);
    const [hot] = body.articles;
    expect(hot).toMatchObject({
      views: 600,
      likesCount: 30,
      viewsPerHour: 300,
      isHotTopic: true,
      type: 'news',
    });
    expect(hot.hotScore).toBeGreaterThan(100);
    expect(body.articles.filter((a) => a.isHotTopic).map((a) => a.id)).toEqual(['a-hot']);
    expect(await service.ids('/api/trending/hot-topics?type=analysis')).toEqual(['a-rising']);
    expect(await service.ids('/api/trending/hot-topics?limit=2&type=all')).toEqual(['a-hot', 'a-new']);
  });

  it('orders popular by views within the period of publication', async () => {
    expect(await service.ids('/api/trending/popular?period=day')).toEqual([
      'a-hot',
      'a-steady',
      'a-rising',
      'a-new',
    ]);
    expect(await service.ids('/api/trending/popular?period=week')).toEqual([
      'a-old',
      'a-hot',
      'a-steady',
      'a-rising',
      'a-new',
    ]);
    expect(await service.ids('/api/trending/popular?period=week&type=insight')).toEqual(['a-old']);
  });

  it('lists rising articles by the daily.dev rule', async () => {
    expect(await service.ids('/api/trending/rising')).toEqual(['a-rising']);
    const { body } = await service.get<TrendingListResponse>('/api/trending/rising');
    expect(body.articles[0].viewsPerHour).toBe(45);
  });

  it('keeps likes at 0 or more', async () => {
    const { body } = await service.get<TrendingListResponse>('/api/trending/popular?period=day');
    expect(body.articles.find((a) => a.id === 'a-steady')?.likesCount).toBe(0);
  });

  it('computes statistics from the real counters', async () => {
    const { body } = await service.get<TrendingStatsResponse>('/api/trending/stats?period=week');
    expect(body.totalStats).toMatchObject({ totalArticles: 5, totalViews: 600 + 45 + 80 + 900 + 30 });
    expect(body.hotTopicStats).toEqual({ hotTopicCount: 1 });
    expect(body.dailyTrends).toHaveLength(7);
    expect(body.dailyTrends.at(-1)).toEqual({ date: '2026-01-05', articles: 4 });
    expect(body.dailyTrends.find((d) => d.date === '2026-01-02')).toEqual({
      date: '2026-01-02',
      articles: 1,
    });
    const day = (await service.get<TrendingStatsResponse>('/api/trending/stats')).body;
    expect(day.totalStats.totalArticles).toBe(4);
    expect(day.dailyTrends).toHaveLength(1);
  });

  it('emits trending.scores-updated with isHotTopic for scores above 100', async () => {
    const scores = await eventually(() => {
      const all = batches.flatMap((b) => b.scores);
      expect(all.find((s) => s.articleId === 'a-hot')).toBeDefined();
      return all;
    });
    for (const score of scores) expect(score.isHotTopic).toBe(score.hotScore > 100);
    expect(scores.find((s) => s.articleId === 'a-hot')).toMatchObject({
      isHotTopic: true,
      viewsPerHour: 300,
    });
  });

  it('answers 400 naming the parameter and its allowed values', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/api/trending/stats?period=year', /period.*day, week, month/],
      ['/api/trending/hot-topics?type=video', /type.*all, news, insight, analysis/],
      ['/api/trending/hot-topics?limit=0', /limit/],
      ['/api/trending/popular?period=today', /period/],
      ['/api/trending/rising?limit=abc', /limit/],
      ['/api/trending/rising?sort=new', /unknown parameter.*sort/],
    ];
    for (const [url, message] of cases) {
      const { status, body } = await service.get<{ message: string }>(url);
      expect({ url, status }).toEqual({ url, status: 400 });
      expect(body.message).toMatch(message);
    }
  });

  it('changes nothing when the same envelopes are redelivered or the same events re-sent', async () => {
    const before = await snapshot();
    const handledBefore = handled();
    const engagedSent = sent.filter((e) => e.type === TOPICS.articleEngaged);
    // The same envelopes again (new objects, same ids): the bus skips the article.published ones; the
    // engagement ones reach the handler (it keeps its own markers), which finds them applied.
    for (const envelope of [...sent]) await bus.publish(envelope.type, [{ ...envelope }]);
    // The same events re-sent by the producer (new envelope ids): the natural key skips them.
    await send(
      TOPICS.articleEngaged,
      engagedSent.map((e) => e.payload as ArticleEngagedPayload),
    );
    await eventually(() => expect(handled()).toBe(handledBefore + 2 * engagedSent.length), {
      timeoutMs: 10_000,
    });
    await service.recompute();
    expect(await snapshot()).toEqual(before);
  }, 30_000);

  it('keeps totals and windows across a restart over the same store', async () => {
    const before = await snapshot();
    const rising = await service.ids('/api/trending/rising');
    await service.close();
    service = await startTrending(dataDir, bus);
    await service.recompute();
    expect(await snapshot()).toEqual(before);
    expect(await service.ids('/api/trending/rising')).toEqual(rising);
  }, 30_000);

  it('decays with time: an hour later the window has moved on', async () => {
    clock.set(START + 2 * HOUR);
    await service.recompute();
    expect(await service.ids('/api/trending/rising')).toEqual([]);
    const { body } = await service.get<TrendingListResponse>('/api/trending/hot-topics');
    expect(body.articles.every((a) => a.viewsPerHour === 0)).toBe(true);
  });

  it('takes a withdrawn article off every list, and lists it again once published again later, in either order', async () => {
    const lists = async () => ({
      hot: await service.ids('/api/trending/hot-topics?limit=50'),
      popular: await service.ids('/api/trending/popular?period=month&limit=50'),
    });
    const withdrawals = () => bus.handled(TOPICS.articleWithdrawn);
    const republished = () => bus.handled(TOPICS.articlePublished);
    expect((await lists()).hot).toContain('a-hot');
    const statsBefore = (await service.get<TrendingStatsResponse>('/api/trending/stats?period=month')).body;

    const withdrawnAt = iso(clock.now());
    await send(TOPICS.articleWithdrawn, [{ id: 'a-hot', withdrawnAt }]);
    await eventually(() => expect(withdrawals()).toBe(1));
    await service.recompute();
    const off = await lists();
    expect(off.hot).not.toContain('a-hot');
    expect(off.popular).not.toContain('a-hot');
    const statsOff = (await service.get<TrendingStatsResponse>('/api/trending/stats?period=month')).body;
    expect(statsOff.totalStats.totalArticles).toBe(statsBefore.totalStats.totalArticles - 1);

    // Published again after the withdrawal: listed again, with the counts it had.
    clock.advance(MIN);
    const before = republished();
    await send(TOPICS.articlePublished, [
      { ...published('a-hot', 'news', 0), publishedAt: iso(clock.now()) },
    ]);
    await eventually(() => expect(republished()).toBe(before + 1));
    await service.recompute();
    expect((await lists()).popular).toContain('a-hot');

    // A withdrawal older than that publication, arriving late (another topic), changes nothing.
    await send(TOPICS.articleWithdrawn, [{ id: 'a-hot', withdrawnAt }]);
    await eventually(() => expect(withdrawals()).toBe(2));
    await service.recompute();
    expect((await lists()).popular).toContain('a-hot');

    // A withdrawal arriving before its article was known keeps it off once the (older) publication arrives.
    await send(TOPICS.articleWithdrawn, [{ id: 'a-late', withdrawnAt: iso(clock.now()) }]);
    await eventually(() => expect(withdrawals()).toBe(3));
    await send(TOPICS.articlePublished, [published('a-late', 'news', 0)]);
    await eventually(() => expect(republished()).toBe(before + 2));
    await service.recompute();
    expect((await lists()).popular).not.toContain('a-late');
  });
});
