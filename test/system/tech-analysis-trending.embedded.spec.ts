import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  TOPICS,
  type AdminTechAnalysis,
  type ArticleEngagedPayload,
  type EventEnvelope,
  type TrendingListResponse,
  type TrendingTechAnalysis,
} from '@pulse/contracts';
import { createServiceApp, EmbeddedDocumentStore, MemoryCacheStore } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import { startContentTestApp, testClock, type ContentTestApp } from '@pulse/content/testing/content-test-app';
import { publishAnalysis } from '@pulse/content/testing/tech-analysis/analysis-fixtures';
import { trendingService } from '@pulse/trending';
import { TrendingModule } from '@pulse/trending/src/trending.module';
import { ScoresService } from '@pulse/trending/src/trending/scores.service';
import pino from 'pino';

const logger = pino({ level: 'silent' });
const clock = testClock('2026-11-29T03:00:00.000Z');

/**
 * Tech analyses in trending: content announces a published analysis and sends its counted likes and views
 * as article.engaged, on the same rules as an article's (a reader session issued earlier); trending, on
 * the same bus, ranks it with its own link.
 */
describe('tech analyses in trending', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-ta-trending-'));
  let content: ContentTestApp;
  let trending: NestFastifyApplication;
  let engaged: Array<EventEnvelope<ArticleEngagedPayload>>;
  let analysis: AdminTechAnalysis;

  const hotTopics = async () =>
    (
      await trending.inject({ method: 'GET', url: '/api/trending/hot-topics?limit=10' })
    ).json<TrendingListResponse>().articles;
  const like = (cookie?: string) =>
    content.inject({
      method: 'POST',
      url: `/api/tech-analysis/${analysis.id}/like`,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  /** A reader as a browser is one: a first call gets the session, later ones send it. */
  const readerCookie = async () => {
    const first = await content.inject({ method: 'POST', url: `/api/tech-analysis/${analysis.id}/view` });
    expect(first.json<{ reason?: string }>().reason).toBe('session-issued');
    return String(first.headers['set-cookie']).split(';')[0];
  };

  beforeAll(async () => {
    content = await startContentTestApp({ clock });
    engaged = (await content.collect(TOPICS.articleEngaged)) as Array<EventEnvelope<ArticleEngagedPayload>>;
    const store = await EmbeddedDocumentStore.open({ dataDir });
    const definition = { ...trendingService, module: TrendingModule.withClock(clock) };
    trending = await createServiceApp(
      definition,
      { bus: content.bus, store, cache: new MemoryCacheStore() },
      logger,
    );
    analysis = await publishAnalysis(content, { title: '쿠버네티스 오퍼레이터 심층 분석' });
  });
  afterAll(async () => {
    await trending.close();
    await content.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends nothing for a like without a session issued earlier (a script without cookies)', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await like();
      expect(response.json()).toMatchObject({ liked: false, reason: 'session-issued' });
    }
    // The view that issued no session either: nothing engaged reached the bus for this analysis.
    await trending.get(ScoresService).recompute();
    expect(engaged.filter((event) => event.payload.articleId === analysis.id)).toEqual([]);
    expect((await hotTopics()).map((item) => item.id)).not.toContain(analysis.id);
  });

  it('ranks it by readers’ likes and views, linking to its own page', async () => {
    for (let reader = 0; reader < 3; reader++) {
      const cookie = await readerCookie();
      expect(
        (
          await content.inject({
            method: 'POST',
            url: `/api/tech-analysis/${analysis.id}/view`,
            headers: { cookie },
          })
        ).json(),
      ).toMatchObject({ counted: true });
      expect((await like(cookie)).json()).toMatchObject({ liked: true });
      // A repeat counts once and sends nothing more.
      expect((await like(cookie)).json()).toMatchObject({ liked: true });
    }
    await eventually(
      async () => {
        const forAnalysis = engaged.filter((event) => event.payload.articleId === analysis.id);
        expect(forAnalysis.map((event) => event.payload.kind).sort()).toEqual([
          'like',
          'like',
          'like',
          'view',
          'view',
          'view',
        ]);
        expect(forAnalysis[0].payload).toMatchObject({
          networkHash: expect.any(String),
          sessionIssuedAt: expect.any(String),
        });
        await trending.get(ScoresService).recompute();
        const item = (await hotTopics()).find((entry) => entry.id === analysis.id);
        expect(item).toMatchObject({
          kind: 'tech-analysis',
          url: `/tech-analysis/${encodeURIComponent(analysis.slug)}`,
          title: '쿠버네티스 오퍼레이터 심층 분석',
          technologyCategory: 'cloud_native',
          likesCount: 3,
          views: 3,
        } satisfies Partial<TrendingTechAnalysis>);
        expect(item!.hotScore).toBeGreaterThan(0);
      },
      { timeoutMs: 10_000, intervalMs: 50 },
    );
  });

  it('leaves it out of a list filtered by an article type', async () => {
    const response = await trending.inject({ method: 'GET', url: '/api/trending/hot-topics?type=news' });
    expect(response.json<TrendingListResponse>().articles.map((item) => item.id)).not.toContain(analysis.id);
  });
});
