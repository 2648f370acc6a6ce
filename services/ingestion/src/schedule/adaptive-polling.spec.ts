import { eventually } from '@pulse/testing';
import { fetched } from '../../testing/pipeline/fake-stages';
import {
  admin,
  sourceBody,
  startIngestionTestApp,
  type IngestionTestApp,
} from '../../testing/pipeline/ingestion-test-app';
import type { RunDocument } from '../runs/run.record';
import { pollIntervalMs } from './next-run';
import { observeRun, priorRate, publishGapMs, type PublishRate } from './publish-rate';
import { RunQueue } from './run-queue';

const MIN = 60_000;
const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const bounds = { baseIntervalMs: 15 * MIN, minIntervalMs: 2 * MIN, maxIntervalMs: 60 * MIN, pinned: false };

/**
 * A source publishing one item every `gapMs`, polled as pollIntervalMs says for `hours`, from `rate`.
 * Returns the estimate and the last interval.
 */
function simulate(gapMs: number, hours: number, from: PublishRate = priorRate(15 * MIN, at(0))) {
  let rate = from;
  let t = Date.parse(from.observedAt) - T0;
  const end = t + hours * 60 * MIN;
  let interval = pollIntervalMs({ ...bounds, rate });
  while (t < end) {
    const next = t + interval;
    const published = Number.isFinite(gapMs) ? Math.floor(next / gapMs) - Math.floor(t / gapMs) : 0;
    rate = observeRun(rate, published, at((t = next)));
    interval = pollIntervalMs({ ...bounds, rate });
  }
  return { rate, interval };
}

describe('publish rate and the adaptive interval', () => {
  it('starts at the base interval, then one quiet window only stretches it a little', () => {
    expect(pollIntervalMs({ ...bounds, rate: null })).toBe(15 * MIN);
    const prior = priorRate(15 * MIN, at(0));
    // The prior alone (one item per two base intervals) keeps the base interval.
    expect(pollIntervalMs({ ...bounds, rate: prior })).toBe(15 * MIN);
    const quiet = observeRun(prior, 0, at(15 * MIN));
    expect(publishGapMs(quiet)).toBeGreaterThan(40 * MIN);
    expect(pollIntervalMs({ ...bounds, rate: quiet })).toBeLessThan(25 * MIN);
  });

  it('follows a busy source down to the minimum and a quiet one up to the maximum', () => {
    const busy = simulate(100_000, 12);
    expect(publishGapMs(busy.rate) / 1000).toBeGreaterThan(95);
    expect(publishGapMs(busy.rate) / 1000).toBeLessThan(110);
    expect(busy.interval).toBe(2 * MIN);
    // An item every 40 minutes: polled about every 5 (eight polls per expected item).
    const steady = simulate(40 * MIN, 24);
    expect(steady.interval / MIN).toBeGreaterThan(3);
    expect(steady.interval / MIN).toBeLessThan(7);
    // Nothing for a day: the maximum.
    expect(simulate(Number.POSITIVE_INFINITY, 24).interval).toBe(60 * MIN);
  });

  it('forgets an old pace with the half-life, so a source that wakes up is polled often again', () => {
    const silent = simulate(Number.POSITIVE_INFINITY, 24);
    // Waking up to an item every five minutes: within two hours it is polled every few minutes again.
    expect(simulate(5 * MIN, 2, silent.rate).interval).toBeLessThan(6 * MIN);
    // A busy source gone quiet: polled less and less often (still at the minimum for a few hours, since
    // eight polls per expected item; about every 5 minutes after 10 quiet hours, 30 after 14) and at the
    // maximum after a quiet day.
    const busy = simulate(100_000, 12).rate;
    const quiet = [6, 10, 14].map((hours) => simulate(Number.POSITIVE_INFINITY, hours, busy).interval);
    expect(quiet[0]).toBeGreaterThanOrEqual(2 * MIN);
    expect(quiet[1]).toBeGreaterThan(quiet[0]);
    expect(quiet[1]).toBeGreaterThan(5 * MIN);
    expect(quiet[2]).toBeGreaterThan(quiet[1]);
    expect(simulate(Number.POSITIVE_INFINITY, 24, busy).interval).toBe(60 * MIN);
  });

  it('keeps an interval an admin pinned, and keeps the bounds even when set the wrong way round', () => {
    const { rate } = simulate(100_000, 12);
    expect(pollIntervalMs({ ...bounds, rate, baseIntervalMs: 30 * MIN, pinned: true })).toBe(30 * MIN);
    const swapped = { ...bounds, minIntervalMs: 60 * MIN, maxIntervalMs: 2 * MIN };
    expect(pollIntervalMs({ ...swapped, rate })).toBe(2 * MIN);
  });
});

describe('adaptive polling in the scheduler', () => {
  let t: IngestionTestApp;
  let busyItems = 0;
  const runsOf = (sourceId: string) => t.store.collection<RunDocument>('runs').find({ sourceId });
  const create = async (url: string, extra: Record<string, unknown> = {}) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/ingestion/sources',
        headers: admin,
        payload: sourceBody({ url, name: url, ...extra }),
      })
    ).json<{ id: string }>().id;

  beforeAll(async () => {
    t = await startIngestionTestApp({
      config: {
        INGESTION_FIRST_RUN_DELAY_SECONDS: 1,
        INGESTION_INTERVAL_MINUTES: 15,
        INGESTION_MIN_INTERVAL_MINUTES: 2,
        INGESTION_MAX_INTERVAL_MINUTES: 60,
      },
    });
    // The busy feed has two more items at every fetch; the quiet one never changes (304 after the first).
    t.stages.respond('https://feeds.example/busy.xml', () => {
      busyItems += 2;
      return fetched({
        items: Array.from({ length: busyItems }, (_, i) => ({
          title: `Busy story ${i}`,
          link: `https://busy.example/${i}`,
        })),
      });
    });
    t.stages.respond('https://feeds.example/quiet.xml', (request) =>
      request.etag
        ? { kind: 'not-modified', status: 304, finalUrl: request.url, durationMs: 1 }
        : fetched({ items: [{ title: 'Quiet story', link: 'https://quiet.example/1' }] }, { etag: '"q1"' }),
    );
    t.stages.respond('https://feeds.example/pinned.xml', () =>
      fetched({
        items: [{ title: `Pinned ${t.clock.now()}`, link: `https://pinned.example/${t.clock.now()}` }],
      }),
    );
  });
  afterAll(() => t.close());

  it('polls a busy source more often and a quiet one less, within the bounds, with conditional GETs', async () => {
    const busy = await create('https://feeds.example/busy.xml');
    const quiet = await create('https://feeds.example/quiet.xml');
    const pinned = await create('https://feeds.example/pinned.xml', { intervalMinutes: 15 });
    // Six simulated hours, a minute at a time. Each step waits for the scheduler to have queued what was
    // due and armed its next look (it does so after reading the store), then for the runs to finish.
    for (let minute = 0; minute < 6 * 60; minute += 1) {
      t.clock.advance(MIN);
      await eventually(
        () => {
          expect(t.clock.pendingTimers).toBe(1);
          expect(t.app.get(RunQueue).size).toBe(0);
        },
        { intervalMs: 2 },
      );
    }
    const [busyRuns, quietRuns, pinnedRuns] = [await runsOf(busy), await runsOf(quiet), await runsOf(pinned)];
    const gaps = (runs: RunDocument[]) =>
      runs
        .map((run) => Date.parse(run.startedAt))
        .sort((a, b) => a - b)
        .slice(1)
        .map((start, i, starts) => start - (i === 0 ? start : starts[i - 1]))
        .slice(1);
    const lastGap = (runs: RunDocument[]) => gaps(runs).at(-1)!;
    // A fixed 15-minute schedule would have run each about 24 times.
    expect(busyRuns.length).toBeGreaterThan(120);
    expect(quietRuns.length).toBeLessThan(20);
    expect(pinnedRuns.length).toBeGreaterThanOrEqual(23);
    expect(pinnedRuns.length).toBeLessThanOrEqual(25);
    // Within the bounds (the scheduler looks at least once a minute; TestClock draws no jitter).
    expect(Math.min(...gaps(busyRuns))).toBeGreaterThanOrEqual(2 * MIN);
    expect(lastGap(busyRuns)).toBeLessThanOrEqual(3 * MIN);
    expect(lastGap(quietRuns)).toBeGreaterThan(30 * MIN);
    expect(Math.max(...gaps(quietRuns))).toBeLessThanOrEqual(61 * MIN);
    // The quiet feed's extra polls were conditional GETs answered 304.
    expect(quietRuns.filter((run) => run.outcome === 'not-modified').length).toBe(quietRuns.length - 1);
    expect(t.stages.fetches.filter((f) => f.url.includes('quiet') && f.etag === '"q1"').length).toBe(
      quietRuns.length - 1,
    );
  }, 120_000);
});
