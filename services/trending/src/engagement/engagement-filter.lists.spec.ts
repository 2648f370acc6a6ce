import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ArticleEngagedPayload, TrendingListResponse } from '@pulse/contracts';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  InProcessEventBus,
  MemoryCacheStore,
} from '@pulse/platform';
import { TestClock } from '@pulse/testing';
import pino from 'pino';
import { hasRisingBadge } from '../scoring';
import { TrendingModule } from '../trending.module';
import { trendingService } from '../trending.service-definition';
import { ScoresService } from '../trending/scores.service';
import { EngagementService } from './engagement.service';

const MIN = 60_000;
const DAY = 86_400_000;
const NOW = Date.parse('2026-01-05T03:30:00.000Z');
const clock = new TestClock(NOW);
const iso = (ms: number) => new Date(ms).toISOString();

let serial = 0;
/** A view from its own reader session, issued `sessionAgeMs` before it, from `network`. */
const view = (
  articleId: string,
  network: string,
  sessionAgeMs: number,
  at: number,
): ArticleEngagedPayload => {
  serial += 1;
  return {
    articleId,
    kind: 'view',
    sessionKey: `reader-${String(serial).padStart(12, '0')}`,
    occurredAt: iso(at),
    networkHash: `net-${network}`.padEnd(16, '_'),
    sessionIssuedAt: iso(at - sessionAgeMs),
  };
};

/**
 * The rigging filter reaches the lists that rank by views, not only the hot score: views enter the
 * viewsPerHour windows (rising, its badge) and the popular order with the weight the filter gave them.
 */
describe('the rigging filter on the rising and popular lists', () => {
  const bus = new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
  let dataDir: string;
  let store: EmbeddedDocumentStore;
  let cache: MemoryCacheStore;
  let app: NestFastifyApplication;

  /** A replica over the store; a fresh memory cache, as after a restart. */
  const start = async () => {
    cache = new MemoryCacheStore();
    const definition = { ...trendingService, module: TrendingModule.withClock(clock) };
    app = await createServiceApp(definition, { bus, store, cache }, pino({ level: 'silent' }));
  };
  const stop = async () => {
    await app.close();
    await cache.close();
  };
  const list = async (url: string) =>
    (await app.inject({ method: 'GET', url })).json<TrendingListResponse>().articles;
  const ids = async (url: string) => (await list(url)).map((article) => article.id);

  beforeAll(async () => {
    // Only the passes this spec asks for run.
    process.env.TRENDING_RECOMPUTE_DEBOUNCE_MS = '60000';
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-trending-rigged-lists-'));
    store = await EmbeddedDocumentStore.open({ dataDir });
    await start();
    const engagement = app.get(EngagementService);
    for (const id of ['rigged', 'read'])
      await engagement.onPublished({
        id,
        type: 'news',
        title: `기사 ${id}`,
        summary: '',
        categories: ['gen-ai'],
        tags: [],
        publishedAt: iso(NOW - 2 * 60 * MIN),
        url: `/news/${id}`,
        imageUrl: null,
      });
    // content's per-network cap lets 60 views of an article from one IPv4 address through in an hour:
    // here each from a session minted for it, over the last half hour.
    const rigged = Array.from({ length: 60 }, (_, i) => view('rigged', 'one', 1_000, NOW - (i % 30) * MIN));
    // 20 readers on 20 networks, sessions a day old, over the same half hour.
    const read = Array.from({ length: 20 }, (_, i) => view('read', `n${i}`, DAY, NOW - (i % 30) * MIN));
    await engagement.onEngagedBatch([...rigged, ...read]);
    await app.get(ScoresService).recompute();
  }, 60_000);

  afterAll(async () => {
    await stop();
    await store.close();
    await bus.close();
    rmSync(dataDir, { recursive: true, force: true });
    delete process.env.TRENDING_RECOMPUTE_DEBOUNCE_MS;
  });

  const expectReadersRankFirst = async () => {
    expect(await ids('/api/trending/rising')).toEqual(['read']);
    expect(await ids('/api/trending/popular?period=day')).toEqual(['read', 'rigged']);
    const popular = await list('/api/trending/popular?period=day');
    const rigged = popular.find((article) => article.id === 'rigged')!;
    // Readers are still shown every view content counted; only the ranking and the badge are filtered.
    expect(rigged.views).toBe(60);
    expect(rigged.viewsPerHour).toBeLessThan(15);
    expect(hasRisingBadge(rigged.viewsPerHour)).toBe(false);
    expect(popular.find((article) => article.id === 'read')!.viewsPerHour).toBe(20);
  };

  it('ranks 60 fresh-session views from one network below 20 readers on 20 networks, without the rising badge', async () => {
    await expectReadersRankFirst();
  });

  it('rebuilds the windows with the same weights after a restart on an empty cache', async () => {
    await stop();
    await start();
    await app.get(ScoresService).recompute();
    await expectReadersRankFirst();
  }, 30_000);
});
