import { LEASES, scheduleLeaseConfigSchema, type Leases } from '@pulse/platform';
import { embeddedFleet, eventually, localStackFleet, TestClock, type ReplicaFleet } from '@pulse/testing';
import type { FetchOutcome, FetchRequest } from '../pipeline/pipeline.types';
import type { PipelineStages } from '../pipeline/stages';
import { fetched, FakeStages } from '../../testing/pipeline/fake-stages';
import {
  admin,
  INGESTION_TEST_START,
  sourceBody,
  startIngestionTestApp,
  type IngestionTestApp,
} from '../../testing/pipeline/ingestion-test-app';
import { CollectedStoryRepository } from '../pipeline/collected-story.repository';
import { RunRepository } from '../runs/run.repository';
import { RunSourceService } from '../runs/run-source.service';
import { SourceRepository } from '../sources/source.repository';
import { RunQueue } from './run-queue';
import { IngestionScheduler } from './scheduler.service';
import { pollLeaseKey } from './scheduled-polls';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** The documented defaults (docs/scaling.md): the replicas below run on them. */
const { SCHEDULE_LEASE_SECONDS, SCHEDULE_TAKEOVER_SECONDS } = scheduleLeaseConfigSchema.parse({});

interface Replica {
  name: string;
  t: IngestionTestApp;
  /** What this replica fetched. */
  fetches: FetchRequest[];
  /** Scheduler looks still running (store reads, queueing). */
  looks: Set<Promise<void>>;
  /** Source runs still running. */
  runs: Set<Promise<unknown>>;
}

/**
 * Two ingestion replicas on one store, bus and cache, on one TestClock: every source is polled once per
 * due time over a whole day, and a replica that stops while holding a poll is taken over within
 * SCHEDULE_TAKEOVER_SECONDS; its late outcome does not overwrite the new holder's schedule (fencing).
 * Run on the embedded store, and on the local stack's MongoDB-compatible server and Redis with a
 * connection of each replica's own, as two pods would have.
 */
describe.each([
  ['the embedded store', embeddedFleet],
  ['MongoDB and Redis (local stack)', localStackFleet],
])('ingestion: two replicas share the schedule through leases, on %s', (_label, openFleet) => {
  const clock = new TestClock(INGESTION_TEST_START);
  let fleet: ReplicaFleet;
  let replicas: Replica[];
  const stopped = new Set<Replica>();
  let serial = 0;

  // One set of fake stages (their clustering is the fleet's shared one, as the store's is), seen by
  // each replica through a view that records what that replica fetched.
  const stages = new FakeStages();
  const viewFor = (fetches: FetchRequest[]): PipelineStages =>
    new Proxy(stages, {
      get(target, property) {
        if (property === 'fetch')
          return (request: FetchRequest) => {
            fetches.push(request);
            return target.fetch(request);
          };
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });

  async function startReplica(name: string): Promise<Replica> {
    const fetches: FetchRequest[] = [];
    const adapters = await fleet.adaptersFor(name);
    const t = await startIngestionTestApp({ clock, adapters, pipeline: () => viewFor(fetches) });
    const looks = new Set<Promise<void>>();
    const scheduler = t.app.get(IngestionScheduler);
    const look = scheduler.tick.bind(scheduler);
    // The scheduler's timer calls tick(); each look is kept until it ends, so the test knows when the
    // replicas are idle before it moves time again.
    jest.spyOn(scheduler, 'tick').mockImplementation(() => {
      const running = look();
      looks.add(running);
      void running.finally(() => looks.delete(running));
      return running;
    });
    const runs = new Set<Promise<unknown>>();
    const runner = t.app.get(RunSourceService);
    const run = runner.run.bind(runner);
    jest.spyOn(runner, 'run').mockImplementation((...args) => {
      const running = run(...args);
      runs.add(running);
      void running.finally(() => runs.delete(running));
      return running;
    });
    return { name, t, fetches, looks, runs };
  }

  /** Waits until no look and no run is in progress on a running replica. */
  async function settle(): Promise<void> {
    for (let idle = 0; idle < 3;) {
      const live = replicas.filter((replica) => !stopped.has(replica));
      await Promise.all(live.flatMap((replica) => [...replica.looks]));
      const busy = live.some((replica) => replica.looks.size > 0 || replica.t.app.get(RunQueue).size > 0);
      idle = busy ? 0 : idle + 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Waits for the scheduler looks in progress (not the runs: a hung poll never ends). */
  async function looksDone(): Promise<void> {
    await Promise.all(replicas.flatMap((replica) => [...replica.looks]));
    await new Promise((resolve) => setImmediate(resolve));
  }

  async function stepThrough(ms: number, stepMs: number): Promise<void> {
    for (let moved = 0; moved < ms; moved += stepMs) {
      clock.advance(stepMs);
      await settle();
    }
  }

  const addSource = async (url: string, intervalMinutes: number): Promise<string> => {
    const reply = await replicas[0].t.app.inject({
      method: 'POST',
      url: '/api/ingestion/sources',
      headers: admin,
      payload: sourceBody({ name: url, url, intervalMinutes }),
    });
    expect(reply.statusCode).toBe(201);
    return reply.json<{ id: string }>().id;
  };
  const runsOf = async (sourceId: string) =>
    (await replicas[0].t.app.get(RunRepository).latest({ sourceId }, 10_000)).reverse();
  const fetchesOf = (replica: Replica, url: string) =>
    replica.fetches.filter((request) => request.url === url).length;

  beforeAll(async () => {
    fleet = await openFleet('ingestion');
    replicas = [await startReplica('a'), await startReplica('b')];
  });
  afterAll(async () => {
    for (const replica of replicas ?? []) if (!stopped.has(replica)) await replica.t.close();
    await fleet?.close();
  }, 30_000);

  it('polls every source once per due time over a day, whichever replica gets each', async () => {
    const cadences = { 'https://feeds.example/often.xml': 5, 'https://feeds.example/quarter.xml': 15 };
    const hourly = 'https://feeds.example/hourly.xml';
    const urls = { ...cadences, [hourly]: 60 };
    // Every fetch answers a feed with one new story, so each poll collects something.
    for (const url of Object.keys(urls))
      stages.respond(url, () => {
        serial += 1;
        return fetched({ items: [{ title: `Story ${serial}`, link: `https://news.example/${serial}` }] });
      });
    const ids = Object.fromEntries(
      await Promise.all(Object.entries(urls).map(async ([url, every]) => [url, await addSource(url, every)])),
    ) as Record<string, string>;

    // One day, in the scheduler's longest wait between looks; the replicas settle before time moves on.
    const start = clock.now();
    await stepThrough(DAY, MIN);

    for (const [url, every] of Object.entries(urls)) {
      const runs = await runsOf(ids[url]);
      const starts = runs.map((run) => Date.parse(run.startedAt));
      // The first look after the first-run delay, then exactly every interval: no due time twice, none missed.
      expect(starts[0] - start).toBe(MIN);
      expect(starts.slice(1).map((at, i) => at - starts[i])).toEqual(
        Array<number>(starts.length - 1).fill(every * MIN),
      );
      expect(starts.length).toBe(Math.floor((DAY - MIN) / (every * MIN)) + 1);
      expect(runs.every((run) => run.trigger === 'schedule' && run.outcome === 'ok')).toBe(true);
      // Each due time fetched once, by one replica or the other.
      expect(fetchesOf(replicas[0], url) + fetchesOf(replicas[1], url)).toBe(runs.length);
    }
    // One new story per poll, stored once (with its article.collected) by whichever replica polled.
    const stories = replicas[0].t.app.get(CollectedStoryRepository);
    const polls = (await Promise.all(Object.values(ids).map(runsOf))).flat().length;
    const collected = await Promise.all(Object.values(ids).map((id) => stories.countBySource(id)));
    expect(collected.reduce((x, y) => x + y)).toBe(polls);
    process.stdout.write(
      `two replicas, one day: ${polls} polls (a ${Object.keys(urls)
        .map((url) => fetchesOf(replicas[0], url))
        .reduce((x, y) => x + y)}, b ${Object.keys(urls)
        .map((url) => fetchesOf(replicas[1], url))
        .reduce((x, y) => x + y)}), each due time once\n`,
    );
    for (const id of Object.values(ids))
      await replicas[0].t.app.inject({
        method: 'POST',
        url: `/api/ingestion/sources/${id}/pause`,
        headers: admin,
      });
  }, 180_000);

  it('a replica stopped while polling is taken over within SCHEDULE_TAKEOVER_SECONDS; its late outcome is fenced off', async () => {
    const url = 'https://feeds.example/stuck.xml';
    let letGo: ((outcome: FetchOutcome) => void) | undefined;
    // The first fetch of this feed (on whichever replica) hangs, as in a process that froze mid-poll.
    stages.respond(url, () =>
      letGo
        ? fetched({ items: [{ title: 'After takeover', link: 'https://news.example/after-takeover' }] })
        : new Promise<FetchOutcome>((resolve) => (letGo = resolve)),
    );
    const id = await addSource(url, 30);
    // The hung poll never ends, so settle() would wait for it: move time by hand until it started.
    for (let steps = 0; !letGo; steps += 1) {
      expect(steps).toBeLessThan(120);
      clock.advance(1_000);
      await looksDone();
      // Polled for a moment before time moves on again.
      await eventually(() => expect(letGo).toBeDefined(), { timeoutMs: 100, intervalMs: 5 }).catch(
        () => undefined,
      );
    }
    const holder = replicas.find((replica) => fetchesOf(replica, url) === 1)!;
    const other = replicas.find((replica) => replica !== holder)!;
    const leases = (replica: Replica) => replica.t.app.get<symbol, Leases>(LEASES);
    await eventually(async () =>
      expect(await leases(other).holderOf(pollLeaseKey(id))).toMatchObject({ holder: leases(holder).holder }),
    );

    // While the holder lives it renews: three lease lengths later the other replica still has not polled.
    for (let second = 0; second < 3 * SCHEDULE_LEASE_SECONDS; second += 1) {
      clock.advance(1_000);
      await looksDone();
    }
    await eventually(async () => expect(await leases(other).holderOf(pollLeaseKey(id))).not.toBeNull());
    expect(fetchesOf(other, url)).toBe(0);

    // The holder stops (its renewals end, its poll stays hung): the other takes the poll over.
    const stoppedAt = clock.now();
    stopped.add(holder);
    await holder.t.close();
    while (fetchesOf(other, url) === 0) {
      expect(clock.now() - stoppedAt).toBeLessThanOrEqual(SCHEDULE_TAKEOVER_SECONDS * 1000);
      clock.advance(1_000);
      await settle();
    }
    const takeoverMs = clock.now() - stoppedAt;
    // Not before the lease ran out: it had been renewed at most a third of its length before the stop.
    expect(takeoverMs).toBeGreaterThanOrEqual((SCHEDULE_LEASE_SECONDS * 1000 * 2) / 3);
    expect(takeoverMs).toBeLessThanOrEqual(SCHEDULE_TAKEOVER_SECONDS * 1000);
    await settle();
    const [takeover] = await runsOf(id);
    expect(takeover).toMatchObject({ outcome: 'ok', itemsNew: 1 });
    const scheduled = (await other.t.app.get(SourceRepository).findById(id))!.nextRunAt;
    expect(Date.parse(scheduled!) - Date.parse(takeover.startedAt)).toBe(30 * MIN);

    // The stopped holder's poll comes back minutes after its lease was taken: its run is recorded, but
    // it may not move the schedule the new holder set (it would put the next poll 30 minutes from now).
    await stepThrough(5 * MIN, MIN);
    letGo!(fetched({ items: [] }));
    await Promise.all([...holder.runs]);
    expect(await runsOf(id)).toHaveLength(2);
    expect((await other.t.app.get(SourceRepository).findById(id))!.nextRunAt).toBe(scheduled);

    // A poll queued on a replica that saw the source due, started only after the other polled it: the
    // lease is free by then, and the due time, checked again under it, is gone.
    const before = fetchesOf(other, url);
    expect(await other.t.app.get(RunSourceService).run(id, 'schedule')).toBeNull();
    expect(fetchesOf(other, url)).toBe(before);
    process.stdout.write(
      `takeover after the holder stopped: ${takeoverMs / 1000} s (lease ${SCHEDULE_LEASE_SECONDS} s, documented bound ${SCHEDULE_TAKEOVER_SECONDS} s)\n`,
    );
  }, 60_000);
});
