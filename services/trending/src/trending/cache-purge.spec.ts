import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ARTICLE_LISTS_TAG,
  CACHE_TAG_HEADER,
  parsePurge,
  PURGE_CHANNEL,
  purgeMessage,
  TOPICS,
  TRENDING_TAG,
  type ArticleEngagedPayload,
  type TrendingListResponse,
} from '@pulse/contracts';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  InProcessEventBus,
  MemoryCacheStore,
  publishEvent,
} from '@pulse/platform';
import { eventually, TestClock } from '@pulse/testing';
import pino from 'pino';
import { TrendingModule } from '../trending.module';
import { trendingService } from '../trending.service-definition';
import { ScoresService } from './scores.service';
import { TrendingArticlesRepository } from './trending-articles.repository';

const START = Date.parse('2026-01-05T03:00:00.000Z');
const clock = new TestClock(START);
const iso = (ms: number) => new Date(ms).toISOString();
const VIEWS = 300;

/**
 * The trending answers carry the trending cache-tag; a recompute pass purges it once, however many
 * events led to it, and every replica drops the lists it holds when it hears that purge
 * (services/trending/README.md 'Reads').
 */
describe('trending: cache tags and purges for the gateway', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-trending-purge-'));
  const bus = new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
  const cache = new MemoryCacheStore();
  let store: EmbeddedDocumentStore;
  let app: NestFastifyApplication;
  /** A store of this process: embedded pub/sub reaches every store in it, as Redis reaches every client. */
  const listener = new MemoryCacheStore();
  const purged: string[][] = [];
  let stop: () => Promise<void>;

  const get = (url: string) => app.inject({ method: 'GET', url });
  const hotScoreOf = async (id: string) =>
    (await get('/api/trending/hot-topics?limit=50'))
      .json<TrendingListResponse>()
      .articles.find((a) => a.id === id)?.hotScore;
  /**
   * Every purge sent so far, and forgets them: delivery is in order (each on a later turn), so hearing a
   * marker sent now means everything before it arrived.
   */
  let markers = 0;
  const heardSoFar = async (): Promise<string[][]> => {
    const marker = `marker-${(markers += 1)}`;
    await listener.publish(PURGE_CHANNEL, purgeMessage([marker]));
    await eventually(async () => expect(purged.flat()).toContain(marker));
    return purged.splice(0).filter((tags) => !tags.includes(marker));
  };

  beforeAll(async () => {
    // Only the passes this spec asks for run (the interval is minutes away).
    process.env.TRENDING_RECOMPUTE_DEBOUNCE_MS = '60000';
    store = await EmbeddedDocumentStore.open({ dataDir });
    const definition = { ...trendingService, module: TrendingModule.withClock(clock) };
    app = await createServiceApp(definition, { bus, store, cache }, pino({ level: 'silent' }));
    stop = await listener.subscribe(PURGE_CHANNEL, (message) => purged.push(parsePurge(message)!.tags));
  }, 60_000);

  afterAll(async () => {
    await stop();
    await listener.close();
    await app.close();
    await cache.close();
    await store.close();
    await bus.close();
    rmSync(dataDir, { recursive: true, force: true });
    delete process.env.TRENDING_RECOMPUTE_DEBOUNCE_MS;
  });

  beforeEach(heardSoFar);

  const published = (id: string) =>
    publishEvent(
      bus,
      TOPICS.articlePublished,
      {
        id,
        type: 'news',
        title: `기사 ${id}`,
        summary: '요약',
        categories: ['gen-ai'],
        tags: ['오픈AI'],
        publishedAt: iso(START - 60 * 60_000),
        url: `/news/${id}`,
        imageUrl: null,
      },
      { source: 'content' },
    );

  it('tags hot topics, popular, rising and stats with the trending tag', async () => {
    for (const url of ['hot-topics', 'popular?period=week', 'rising', 'stats?period=day']) {
      const answer = await get(`/api/trending/${url}`);
      expect([url, answer.statusCode, answer.headers[CACHE_TAG_HEADER]]).toEqual([url, 200, TRENDING_TAG]);
    }
  });

  it('purges once per recompute pass, not per event, and not at all for a pass that changed nothing', async () => {
    await published('purge-a');
    for (let i = 0; i < VIEWS; i += 1) {
      const view: ArticleEngagedPayload = {
        articleId: 'purge-a',
        kind: 'view',
        sessionKey: `purge-session-${String(i).padStart(6, '0')}`,
        occurredAt: iso(START - 5 * 60_000),
      };
      await publishEvent(bus, TOPICS.articleEngaged, view, { source: 'content' });
    }
    await eventually(
      async () =>
        expect(
          (await get('/api/trending/popular?period=day')).json<TrendingListResponse>().articles[0]?.views,
        ).toBe(VIEWS),
      { timeoutMs: 10_000 },
    );
    // The article and every batch of views changed counters, and none of them purged.
    expect(await heardSoFar()).toEqual([]);

    await app.get(ScoresService).recompute();
    expect(await heardSoFar()).toEqual([[TRENDING_TAG]]);
    // Nothing happened since, and the same moment scores the same: nothing to purge.
    await app.get(ScoresService).recompute();
    expect(await heardSoFar()).toEqual([]);

    // An article with no engagement yet changes no score, but it is in popular and stats now.
    await published('purge-b');
    await eventually(async () =>
      expect(
        (await get('/api/trending/popular?period=day'))
          .json<TrendingListResponse>()
          .articles.map((a) => a.id),
      ).toContain('purge-b'),
    );
    await app.get(ScoresService).recompute();
    expect(await heardSoFar()).toEqual([[TRENDING_TAG]]);
  });

  it('drops the lists this replica holds when any replica purges the trending tag, and only then', async () => {
    const before = await hotScoreOf('purge-a');
    expect(before).toBeGreaterThan(0);
    // Another replica's pass saved a new score: this one still answers what it read.
    await app.get(TrendingArticlesRepository).saveScores('purge-a', {
      hotScore: 9999,
      viewsPerHour: 0,
      isHotTopic: true,
      rising: false,
      recentViews: 0,
    });
    expect(await hotScoreOf('purge-a')).toBe(before);
    await cache.publish(PURGE_CHANNEL, purgeMessage([ARTICLE_LISTS_TAG]));
    expect(await heardSoFar()).toEqual([[ARTICLE_LISTS_TAG]]);
    expect(await hotScoreOf('purge-a')).toBe(before);

    await cache.publish(PURGE_CHANNEL, purgeMessage([TRENDING_TAG]));
    await eventually(async () => expect(await hotScoreOf('purge-a')).toBe(9999));
  });
});
