import { eventually } from '@pulse/testing';
import type { FetchOutcome } from '../pipeline/pipeline.types';
import { fetched } from '../../testing/pipeline/fake-stages';
import {
  admin,
  sourceBody,
  startIngestionTestApp,
  type IngestionTestApp,
} from '../../testing/pipeline/ingestion-test-app';
import type { RunView } from '../runs/run.record';
import { nextRunDelayMs } from './next-run';
import { RunQueue } from './run-queue';
import { IngestionScheduler } from './scheduler.service';

const MIN = 60_000;

describe('nextRunDelayMs', () => {
  const at = (consecutiveFailures: number, random: number) =>
    nextRunDelayMs({ intervalMs: 15 * MIN, consecutiveFailures, maxBackoffMs: 360 * MIN, random });

  it('jitters the interval by at most ±10%', () => {
    expect(at(0, 0)).toBe(13.5 * MIN);
    expect(at(0, 0.5)).toBe(15 * MIN);
    expect(at(0, 0.999999)).toBeCloseTo(16.5 * MIN, -2);
  });

  it('doubles per consecutive failure up to the cap', () => {
    expect([1, 2, 3, 4].map((n) => at(n, 0.5) / MIN)).toEqual([30, 60, 120, 240]);
    expect(at(5, 0.5)).toBe(360 * MIN);
    expect(at(50, 0.5)).toBe(360 * MIN);
    expect(at(50, 0)).toBe(324 * MIN);
  });
});

describe('scheduler', () => {
  let t: IngestionTestApp;
  const release: Array<() => void> = [];
  const runsOf = async (sourceId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/ingestion/runs?sourceId=${sourceId}` })).json<
      RunView[]
    >();
  const create = async (url: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/ingestion/sources',
        headers: admin,
        payload: sourceBody({ url }),
      })
    ).json<{ id: string; nextRunAt: string | null }>().id;

  /** The scheduler re-arms after async store reads; moving time in 1 s steps lets each look happen. */
  const whileTicking = (check: () => Promise<void>) =>
    eventually(async () => {
      t.clock.advance(1_000);
      await check();
    });

  beforeAll(async () => {
    t = await startIngestionTestApp({
      config: { INGESTION_FIRST_RUN_DELAY_SECONDS: 30, INGESTION_CONCURRENCY: 2 },
    });
    t.stages.respond('https://feeds.example/ok.xml', fetched({ items: [] }));
    // Fetches that wait until the test lets them go: runs stay in flight as long as the test needs.
    for (const name of ['slow-1', 'slow-2', 'slow-3'])
      t.stages.respond(
        `https://feeds.example/${name}.xml`,
        () => new Promise<FetchOutcome>((resolve) => release.push(() => resolve(fetched({ items: [] })))),
      );
  });
  afterAll(async () => {
    release.forEach((go) => go());
    await t.close();
  });

  it('waits for the first-run delay, then runs each source on its jittered interval and backs off failures', async () => {
    const ok = await create('https://feeds.example/ok.xml');
    const down = await create('https://feeds.example/down.xml');
    t.clock.advance(29_000);
    expect(t.stages.fetches).toHaveLength(0);
    const start = t.clock.now() + 1_000;
    t.clock.advance(1_000);
    await eventually(async () => expect((await runsOf(down)).length + (await runsOf(ok)).length).toBe(2));
    await eventually(() => expect(t.app.get(RunQueue).size).toBe(0));
    const view = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/ingestion/sources/${id}` })).json<{
        nextRunAt: string;
        status: string;
      }>();
    // TestClock.random() is 0.5: no jitter; 15 minutes, or 30 after the first failure.
    expect(Date.parse((await view(ok)).nextRunAt) - start).toBe(15 * MIN);
    expect(await view(down)).toMatchObject({ status: 'failing' });
    expect(Date.parse((await view(down)).nextRunAt) - start).toBe(30 * MIN);

    t.clock.advance(15 * MIN - 1_000);
    await whileTicking(async () => expect(await runsOf(ok)).toHaveLength(2));
    expect(await runsOf(down)).toHaveLength(1);
    await eventually(() => expect(t.app.get(RunQueue).size).toBe(0));
    t.clock.advance(14 * MIN);
    await whileTicking(async () => expect(await runsOf(down)).toHaveLength(2));
    await eventually(() => expect(t.app.get(RunQueue).size).toBe(0));
    // Second failure in a row: 60 minutes.
    const [latest] = await runsOf(down);
    expect(Date.parse((await view(down)).nextRunAt) - Date.parse(latest.startedAt)).toBe(60 * MIN);
    for (const id of [ok, down])
      await t.app.inject({ method: 'POST', url: `/api/ingestion/sources/${id}/pause`, headers: admin });
  });

  it('never overlaps runs of one source and runs at most INGESTION_CONCURRENCY at a time', async () => {
    // The new sources are due at once: the previous test's last look (its WebSub upkeep takes a lease in
    // the store first) must be over, or it would queue them before the manual trigger does.
    await t.app.get(IngestionScheduler).settled();
    const slow = [
      await create('https://feeds.example/slow-1.xml'),
      await create('https://feeds.example/slow-2.xml'),
      await create('https://feeds.example/slow-3.xml'),
    ];
    t.stages.fetches.length = 0;
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/ingestion/runs',
      headers: admin,
      payload: {},
    });
    expect(first.json<{ queued: string[] }>().queued.sort()).toEqual([...slow].sort());
    await eventually(() => expect(t.stages.fetches).toHaveLength(2));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/ingestion/runs',
      headers: admin,
      payload: { sourceId: slow[0] },
    });
    expect(again.json()).toEqual({ queued: [], alreadyRunning: [slow[0]] });
    // The scheduler's own look at the due sources does not queue them twice either.
    t.clock.advance(60_000);
    expect(t.app.get(RunQueue).size).toBe(3);
    release.splice(0).forEach((go) => go());
    await eventually(() => expect(t.stages.fetches).toHaveLength(3));
    release.splice(0).forEach((go) => go());
    await eventually(async () => {
      for (const id of slow) expect(await runsOf(id)).toHaveLength(1);
    });
  });
});
