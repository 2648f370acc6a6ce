import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TOPICS } from '@pulse/contracts';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  InProcessEventBus,
  MemoryCacheStore,
} from '@pulse/platform';
import { eventually, TestClock } from '@pulse/testing';
import { trendingService } from '@pulse/trending';
import { TrendingModule } from '@pulse/trending/src/trending.module';
import { ScoresService } from '@pulse/trending/src/trending/scores.service';
import pino from 'pino';
import { scriptedDay, type ScriptedDay } from '../support/trending-day';
import {
  expectSameSnapshot,
  expectScriptedOrders,
  expectScriptedStats,
  HandledTracker,
  publishDay,
  publishInBatches,
  resentCopies,
  resentPublished,
  snapshot,
  trendingApi,
  type Snapshot,
  type TrendingApi,
} from '../support/trending-simulation';

const logger = pino({ level: 'silent' });

/** A fixed end of the simulated day: 21:30 in Seoul, so the day spans two Seoul dates. */
const NOW_MS = Date.parse('2026-05-05T12:30:00.000Z');

/**
 * Trending end to end, embedded: the scripted day (test/support/trending-day.ts: 500 articles,
 * ~21,000 engagement events with known bursts) through the in-process bus into the trending service
 * built in-process with createServiceApp over the embedded store and MemoryCacheStore, on the service's
 * settable clock (TrendingModule.withClock) frozen at the end of the day; read back over HTTP.
 *
 * Waiting, never sleeping: the bus is wrapped to record which envelope ids the service's handlers
 * finished; a recompute is awaited through ScoresService.recompute(), which returns once a full pass
 * that started after the call has finished.
 */
describe('trending simulation, embedded: a scripted day → in-process bus → trending → hot, rising, popular', () => {
  let dataDir: string;
  let bus: HandledTracker;
  let store: EmbeddedDocumentStore;
  let cache: MemoryCacheStore;
  let app: NestFastifyApplication;
  let api: TrendingApi;
  let day: ScriptedDay;
  let before: Snapshot | undefined;
  const clock = new TestClock(NOW_MS);
  const savedEnv = { ...process.env };

  const recompute = () => app.get(ScoresService).recompute();
  // ~24,000 envelopes take ~25 s alone, longer while other suites share the 2 cores: the
  // deadline is generous (it is a deadline, not a wait), and stays under the 180 s test allowance.
  const waitHandled = (ids: string[], timeoutMs = 150_000) =>
    eventually(
      () => {
        const missing = bus.missing(ids);
        if (missing > 0) throw new Error(`${missing} of ${ids.length} envelopes not handled yet`);
      },
      { timeoutMs, intervalMs: 50 },
    );

  beforeAll(async () => {
    day = scriptedDay({ nowMs: NOW_MS, medianViews: 25 });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-trending-sim-'));
    bus = new HandledTracker(new InProcessEventBus({ dataDir: path.join(dataDir, 'bus'), logger }));
    store = await EmbeddedDocumentStore.open({ dataDir: path.join(dataDir, 'trending') });
    cache = new MemoryCacheStore();
    // The periodic pass stays out of the way; the spec awaits its own passes.
    Object.assign(process.env, {
      TRENDING_RECOMPUTE_SECONDS: '300',
      TRENDING_RECOMPUTE_DEBOUNCE_MS: '60000',
    });
    app = await createServiceApp(
      { ...trendingService, module: TrendingModule.withClock(clock) },
      { bus, store, cache },
      logger,
    );
    await app.listen(0, '127.0.0.1');
    api = trendingApi(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`);
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await store?.close();
    await cache?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    process.env = savedEnv;
  });

  it('orders hot topics, rising and popular as scripted, and its statistics equal the generated totals', async () => {
    await publishDay(bus, day);
    await waitHandled([...day.published, ...day.engaged].map((event) => event.id));
    await recompute();

    before = await snapshot(api);
    expectScriptedOrders(day, before);
    expectScriptedStats(day, before, clock.now());
  });

  it('replaying every engagement envelope, and re-sending the same engagement under new ids, changes nothing', async () => {
    if (!before) throw new Error('the scripted day did not complete; see the test above');
    // The same envelopes again (the bus's processed ids), then identical events under new envelope ids
    // (the service's natural keys).
    await publishInBatches(bus, TOPICS.articleEngaged, day.engaged);
    const copies = resentCopies(day, 'resent');
    await publishInBatches(bus, TOPICS.articleEngaged, copies);
    // Every replayed envelope has a re-sent copy after it on its partition.
    await waitHandled(copies.map((event) => event.id));

    expectSameSnapshot(await snapshot(api), before);

    // And a pass over what the replay left, at the same instant, scores it exactly as before.
    await recompute();
    expectSameSnapshot(await snapshot(api), before);
  });

  it('re-sending every article.published under new ids (identical payloads) changes nothing', async () => {
    if (!before) throw new Error('the scripted day did not complete; see the test above');
    const articles = resentPublished(day, 'republished');
    await publishInBatches(bus, TOPICS.articlePublished, articles);
    await waitHandled(articles.map((event) => event.id));
    await recompute();
    expectSameSnapshot(await snapshot(api), before);
  });
});
