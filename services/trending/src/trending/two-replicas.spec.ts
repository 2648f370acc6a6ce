import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  InProcessEventBus,
  LEASES,
  MemoryCacheStore,
  scheduleLeaseConfigSchema,
  type Leases,
} from '@pulse/platform';
import { TestClock } from '@pulse/testing';
import pino from 'pino';
import { TrendingModule } from '../trending.module';
import { trendingService } from '../trending.service-definition';
import { trendingConfigSchema } from '../trending.config';
import { RECOMPUTE_LEASE, ScoresService } from './scores.service';

const MIN = 60_000;
const { SCHEDULE_TAKEOVER_SECONDS } = scheduleLeaseConfigSchema.parse({});
const { TRENDING_RECOMPUTE_SECONDS } = trendingConfigSchema.parse({});
const PERIOD = TRENDING_RECOMPUTE_SECONDS * 1000;
/** How often each replica looks for the periodic recompute (its interval): the look-again interval. */
const LOOK = Math.min(
  PERIOD,
  (SCHEDULE_TAKEOVER_SECONDS - scheduleLeaseConfigSchema.parse({}).SCHEDULE_LEASE_SECONDS) * 1000,
);

interface Replica {
  app: NestFastifyApplication;
  scores: ScoresService;
  leases: Leases;
  /** Clock times at which this replica started a periodic pass. */
  passes: number[];
}

/**
 * Two trending replicas on one store and one TestClock, each looking for the periodic recompute on its
 * own interval: one pass per TRENDING_RECOMPUTE_SECONDS across both, and a replica that stops in the
 * middle of one is taken over within SCHEDULE_TAKEOVER_SECONDS.
 */
describe('trending: two replicas make one periodic recompute per period', () => {
  const clock = new TestClock('2026-01-05T03:00:00.000Z');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-trending-replicas-'));
  const bus = new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
  let store: EmbeddedDocumentStore;
  const caches: MemoryCacheStore[] = [];
  let replicas: Replica[];
  let stuck: Promise<void> | undefined;

  async function startReplica(): Promise<Replica> {
    const cache = new MemoryCacheStore();
    caches.push(cache);
    const definition = { ...trendingService, module: TrendingModule.withClock(clock) };
    const app = await createServiceApp(definition, { bus, store, cache }, pino({ level: 'silent' }));
    const scores = app.get(ScoresService);
    const passes: number[] = [];
    const pass = scores.recompute.bind(scores);
    jest.spyOn(scores, 'recompute').mockImplementation(() => {
      passes.push(clock.now());
      // While `stuck` is set, a pass hangs, as in a replica that froze in the middle of one.
      return stuck ?? pass();
    });
    return { app, scores, leases: app.get<symbol, Leases>(LEASES), passes };
  }

  /** Both replicas' interval fires at once (the worst case: they race for every period). */
  const look = (of: Replica[] = replicas) =>
    Promise.all(of.map((replica) => replica.scores.periodicRecompute()));
  const passes = () => replicas.flatMap((replica) => replica.passes).sort((a, b) => a - b);

  beforeAll(async () => {
    store = await EmbeddedDocumentStore.open({ dataDir });
    replicas = [await startReplica(), await startReplica()];
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.app.close();
    for (const cache of caches) await cache.close();
    await store.close();
    await bus.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('passes once per period, though both replicas look every interval', async () => {
    const start = clock.now();
    for (let at = 0; at <= 2 * 60 * MIN; at += LOOK) {
      await look();
      clock.advance(LOOK);
    }
    const times = passes().map((at) => at - start);
    expect(times).toEqual(Array.from({ length: (2 * 60 * MIN) / PERIOD + 1 }, (_, i) => i * PERIOD));
  });

  it('a replica that stops in the middle of a pass is taken over within SCHEDULE_TAKEOVER_SECONDS', async () => {
    // The next period's pass hangs on whichever replica takes it.
    let release!: () => void;
    stuck = new Promise<void>((resolve) => (release = resolve));
    while (await replicas[0].leases.holderOf(RECOMPUTE_LEASE)) clock.advance(LOOK);
    const before = passes().length;
    const hung = look();
    for (let i = 0; passes().length === before; i += 1) {
      expect(i).toBeLessThan(1_000);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const holder = replicas.find(
      (replica) => replica.passes.length > 0 && replica.passes.at(-1) === clock.now(),
    )!;
    const other = replicas.find((replica) => replica !== holder)!;
    stuck = undefined;
    const stoppedAt = clock.now();
    holder.leases.close();
    const takenBefore = other.passes.length;
    while (other.passes.length === takenBefore) {
      expect(clock.now() - stoppedAt).toBeLessThanOrEqual(SCHEDULE_TAKEOVER_SECONDS * 1000);
      clock.advance(LOOK);
      await look([other]);
    }
    expect(clock.now() - stoppedAt).toBeLessThanOrEqual(SCHEDULE_TAKEOVER_SECONDS * 1000);
    release();
    await hung;
  });
});
