import type { SourceUpdatedPayload } from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import { fetched } from '../../testing/pipeline/fake-stages';
import {
  admin,
  collectSourceAnnouncements,
  sourceBody,
  startIngestionTestApp,
  type IngestionTestApp,
} from '../../testing/pipeline/ingestion-test-app';
import type { SourceDocument } from '../sources/source.record';
import { announcedIntervalSeconds, backedOffIntervalMs } from './next-run';
import { RunQueue } from './run-queue';

const MIN = 60_000;

describe('the announced poll interval', () => {
  it('follows the interval in use only when it moves by a quarter or more', () => {
    expect(announcedIntervalSeconds(undefined, 15 * MIN)).toBe(900);
    expect(announcedIntervalSeconds(900, 17 * MIN)).toBe(900);
    expect(announcedIntervalSeconds(900, 13 * MIN)).toBe(900);
    expect(announcedIntervalSeconds(900, 19 * MIN)).toBe(1140);
    expect(announcedIntervalSeconds(900, 12 * MIN)).toBe(720);
  });

  it('includes the failure backoff, capped', () => {
    const input = { intervalMs: 15 * MIN, maxBackoffMs: 360 * MIN };
    expect(backedOffIntervalMs({ ...input, consecutiveFailures: 0 })).toBe(15 * MIN);
    expect(backedOffIntervalMs({ ...input, consecutiveFailures: 2 })).toBe(60 * MIN);
    expect(backedOffIntervalMs({ ...input, consecutiveFailures: 10 })).toBe(360 * MIN);
  });
});

describe('source.updated carries the poll interval in use', () => {
  const url = 'https://feeds.example/quiet-announced.xml';
  let t: IngestionTestApp;
  let announced: SourceUpdatedPayload[];
  let id: string;
  const idle = () => eventually(() => expect(t.app.get(RunQueue).size).toBe(0));
  const runAfter = async (ms: number) => {
    await idle();
    t.clock.advance(ms);
    await t.app.inject({
      method: 'POST',
      url: '/api/ingestion/runs',
      headers: admin,
      payload: { sourceId: id },
    });
    await idle();
  };
  const stored = async () => (await t.store.collection<SourceDocument>('sources').findOne({ _id: id }))!;
  /** The interval the scheduler uses next (TestClock draws no jitter), in seconds. */
  const inUseSeconds = (source: SourceDocument) =>
    (Date.parse(source.nextRunAt!) - Date.parse(source.lastRunAt!)) / 1000;
  const intervals = () => announced.filter((e) => e.id === id).map((e) => e.pollIntervalSeconds);

  beforeAll(async () => {
    t = await startIngestionTestApp({
      // Only the test runs the source.
      config: { INGESTION_FIRST_RUN_DELAY_SECONDS: 86_400, INGESTION_INTERVAL_MINUTES: 15 },
    });
    announced = await collectSourceAnnouncements(t);
    // One story, then nothing new (304): a quiet source, whose interval stretches run by run.
    t.stages.respond(url, (request) =>
      request.etag
        ? { kind: 'not-modified', status: 304, finalUrl: url, durationMs: 1 }
        : fetched({ items: [{ title: 'Quiet story', link: 'https://quiet.example/1' }] }, { etag: '"q"' }),
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/ingestion/sources',
      headers: admin,
      payload: sourceBody({ url }),
    });
    id = created.json<{ id: string }>().id;
  });
  afterAll(() => t.close());

  it('announces none before the first run, then the base interval after it', async () => {
    await eventually(() => expect(intervals()).toEqual([undefined]));
    await runAfter(1000);
    await eventually(() => expect(intervals()).toEqual([undefined, 900]));
    expect(inUseSeconds(await stored())).toBe(900);
  });

  it('is announced again only when the interval moves by a quarter, not at every poll', async () => {
    // The second quiet run stretches the interval by less than a quarter: nothing is sent.
    await runAfter(15 * MIN);
    expect(inUseSeconds(await stored())).toBeGreaterThan(900);
    expect(intervals()).toEqual([undefined, 900]);
    for (let run = 0; run < 8; run += 1) await runAfter(15 * MIN);
    const source = await stored();
    await eventually(() => expect(intervals().at(-1)).toBe(source.pollIntervalSeconds));
    const moves = intervals().slice(1) as number[];
    // Nine quiet runs, fewer announcements, each a move of a quarter or more; the page's figure is
    // within a quarter of the interval in use.
    expect(moves.length).toBeGreaterThan(2);
    expect(moves.length).toBeLessThan(9);
    for (let i = 1; i < moves.length; i += 1) expect(moves[i] / moves[i - 1]).toBeGreaterThanOrEqual(1.25);
    const ratio = inUseSeconds(source) / source.pollIntervalSeconds!;
    expect(ratio).toBeLessThan(1.25);
    expect(ratio).toBeGreaterThan(1 / 1.25);
  });

  it('announces the backed-off interval of a failing source', async () => {
    const before = intervals().length;
    t.stages.respond(url, { kind: 'failed', reason: 'network', message: 'ECONNRESET', durationMs: 1 });
    await runAfter(15 * MIN);
    const failing = await stored();
    expect(failing.consecutiveFailures).toBe(1);
    await eventually(() => expect(intervals()).toHaveLength(before + 1));
    expect(intervals().at(-1)).toBe(Math.round(inUseSeconds(failing)));
  });
});
