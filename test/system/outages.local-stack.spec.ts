import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  eventually,
  MongoServer,
  startFixtureServer,
  syntheticFeeds,
  type FixtureServer,
} from '@pulse/testing';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { KafkaCluster } from '../support/kafka-cluster';
import { startKoreanLlmServer, type KoreanLlmServer } from '../support/korean-llm-server';
import { exclusive, EXCLUSIVE_WAIT_MS } from '../support/exclusive';
import { startRedisServer } from '../support/redis-server';
import { adminHeaders, ingestionApi, PIPELINE_ADMIN_TOKEN } from '../support/news-pipeline';
import { freePort, startTs, untilReady, type RunningProcess } from '../support/processes';
import { startReaderLoad, type ReaderLoad } from '../support/reader-load';

const ITEMS = 1_000;
const PER_FEED = 200; // the parser reads at most 200 items per document

type Readiness = 'ready' | 'degraded' | 'not ready';
const HTTP_STATUS: Record<Readiness, number> = { ready: 200, degraded: 200, 'not ready': 503 };

/** How long the whole cluster and the store stay away. */
const OUTAGE_MS = 30_000;
/** How long Redis stays away ('Redis restarted': a restart, not a long outage). */
const REDIS_OUTAGE_MS = 10_000;

/**
 * Outages under load on the local stack (docs/testing.md 'Failure tests'): ingestion, translation and content as
 * their own processes on a three-broker Kafka (replication 3, min.insync.replicas 2) and a MongoDB-
 * compatible server of their own (both started here, so stopping them disturbs no other suite), with
 * a Redis of their own (the services' caches, the gateway's rate limits and micro-cache) and the gateway in
 * front of four readers. While 1,000 synthetic stories flow from feeds to published articles: one broker is
 * killed and restarted, every broker is stopped for 30 s, Redis is killed and started again, the store is
 * stopped for 30 s. Each outage is its own test, on the same flow; the last test counts what
 * arrived. No process of ours is restarted.
 */
describe('outages under load: a three-broker Kafka, Redis and the store go away while 1,000 stories flow', () => {
  const runId = `${Date.now().toString(36)}${randomUUID().slice(0, 4)}`;
  const figures: string[] = [];
  /** Scenarios that reached their end; the logs are kept when one did not. */
  let passed = 0;
  const services: Record<
    'ingestion' | 'translation' | 'content' | 'gateway',
    { url: string; process?: RunningProcess }
  > = {
    ingestion: { url: '' },
    translation: { url: '' },
    content: { url: '' },
    gateway: { url: '' },
  };
  let dataDir: string;
  let cluster: KafkaCluster;
  let store: MongoServer;
  let redis: ChildProcess | undefined;
  let redisPort: number;
  let fixtures: FixtureServer;
  let llm: KoreanLlmServer;
  let readers: ReaderLoad;
  let sourceIds: string[] = [];
  let links: Set<string>;

  const output = () =>
    Object.entries(services)
      .map(([name, { process }]) => `--- ${name} ---\n${process?.output().slice(-4000) ?? ''}`)
      .join('\n');

  /** Articles content has stored, read from its database (fails while the store is down). */
  const published = async (): Promise<
    Array<{ _id: string; originalSources: Array<{ sourceUrl: string }> }>
  > => {
    const client = new MongoClient(store.url('admin'), { serverSelectionTimeoutMS: 2_000 });
    try {
      return await client
        .db(`outage_content_${runId}`)
        .collection<{ _id: string; originalSources: Array<{ sourceUrl: string }> }>('articles')
        .find({}, { projection: { originalSources: 1 } })
        .toArray();
    } finally {
      await client.close();
    }
  };
  const untilPublished = (count: number, timeoutMs: number) =>
    eventually(
      async () => {
        const crashed = Object.entries(services).find(([, { process }]) => process?.child.exitCode !== null);
        if (crashed) throw new Error(`${crashed[0]} exited`);
        const stored = (await published()).length;
        if (stored < count) throw new Error(`${stored} of ${count} articles published`);
        return stored;
      },
      { timeoutMs, intervalMs: 500 },
    ).catch((error: Error) => {
      error.message += `\n${output()}`;
      throw error;
    });
  /**
   * Until `service`'s /readyz says `status` (with its HTTP status: 200 for ready and degraded, 503 for not
   * ready), naming `port` as failing when not ready.
   */
  const untilReadiness = (
    service: keyof typeof services,
    status: Readiness,
    port?: string,
    timeoutMs = 60_000,
  ) =>
    eventually(
      async () => {
        const response = await fetch(`${services[service].url}/readyz`, { headers: adminHeaders });
        const body = (await response.json()) as {
          status: string;
          checks: Record<string, { ok: boolean; reason?: string }>;
        };
        if (body.status !== status || response.status !== HTTP_STATUS[status])
          throw new Error(
            `${service} /readyz ${response.status} ${body.status}: ${JSON.stringify(body.checks)}`,
          );
        if (port && body.checks[port]?.ok !== false)
          throw new Error(`${service} /readyz does not name ${port}: ${JSON.stringify(body.checks)}`);
        return body;
      },
      { timeoutMs, intervalMs: 250 },
    );

  /**
   * Keeps a dependency away until OUTAGE_MS after `from` (the outage's length is the scenario, whatever
   * the services do meanwhile), watching all along that `service`'s /readyz keeps saying `status` and
   * naming `port` as down. Returns the answers that did not, with the checks that failed, for the test
   * to assert once the dependency is back (an assertion here would leave it away for the next scenario).
   */
  const holdOutage = async (
    from: number,
    service: keyof typeof services,
    port: string,
    status: Readiness,
    outageMs = OUTAGE_MS,
  ) => {
    const readiness: string[] = [];
    await eventually(
      async () => {
        const response = await fetch(`${services[service].url}/readyz`, { headers: adminHeaders });
        const body = (await response.json()) as {
          status: string;
          checks: Record<string, { ok: boolean; reason?: string }>;
        };
        const failing = Object.entries(body.checks)
          .filter(([, check]) => !check.ok)
          .map(([name, check]) => `${name}: ${check.reason}`);
        readiness.push(
          response.status === HTTP_STATUS[status] && body.status === status && body.checks[port]?.ok === false
            ? 'names it'
            : `${response.status} ${body.status} (${failing.join('; ')})`,
        );
        if (Date.now() < from + outageMs) throw new Error(`the outage lasts ${outageMs} ms`);
      },
      { timeoutMs: outageMs + 30_000, intervalMs: 500 },
    );
    return readiness.filter((seen) => seen !== 'names it');
  };

  let release: (() => void) | undefined;

  beforeAll(async () => {
    // Not beside the rolling restart's 14 processes: together they would starve each other.
    release = await exclusive('many-processes');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-outages-'));
    // One after the other: each is assigned as soon as it runs, so afterAll stops it whatever fails next.
    store = await MongoServer.start(path.join(dataDir, 'mongo'));
    redisPort = await freePort();
    redis = startRedisServer(redisPort, dataDir);
    cluster = await KafkaCluster.start(path.join(dataDir, 'kafka'));
    const feedDir = path.join(dataDir, 'feeds');
    mkdirSync(feedDir);
    const feeds = syntheticFeeds({
      items: ITEMS,
      perFeed: PER_FEED,
      baseLink: `https://outage-${runId}.example`,
      name: `outage-${runId}`,
    });
    for (const feed of feeds) writeFileSync(path.join(feedDir, feed.path), feed.xml);
    links = new Set(feeds.flatMap((feed) => feed.stories.map((story) => story.link)));
    fixtures = await startFixtureServer({ root: feedDir });
    llm = await startKoreanLlmServer();

    const common = (service: string) => ({
      PULSE_DATA_DIR: path.join(dataDir, service),
      BUS_DRIVER: 'kafka',
      KAFKA_BROKERS: cluster.brokers,
      KAFKA_CLIENT_ID: `pulse-outage-${service}-${runId}`,
      STORE_DRIVER: 'mongo',
      MONGO_URL: store.url(`outage_${service}_${runId}`),
      CACHE_DRIVER: 'redis',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      CACHE_KEY_PREFIX: `pulse-outage-${runId}:`,
      // Every process's /readyz names its failing checks only to the admin credential.
      ADMIN_TOKEN: PIPELINE_ADMIN_TOKEN,
    });
    for (const name of ['ingestion', 'translation', 'content', 'gateway'] as const)
      services[name].url = `http://127.0.0.1:${await freePort()}`;
    const port = (name: keyof typeof services) => new URL(services[name].url).port;
    services.ingestion.process = startTs('services/ingestion/src/main.ts', {
      ...common('ingestion'),
      PORT: port('ingestion'),
      ADMIN_TOKEN: PIPELINE_ADMIN_TOKEN,
      INGESTION_SEED_DEFAULT_SOURCES: 'false',
      // Its feeds are fixture servers on this machine.
      INGESTION_ALLOW_PRIVATE_SOURCES: 'true',
      INGESTION_FIRST_RUN_DELAY_SECONDS: '86400',
    });
    services.translation.process = startTs('services/translation/src/main.ts', {
      ...common('translation'),
      PORT: port('translation'),
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'test-model',
    });
    services.content.process = startTs('services/content/src/main.ts', {
      ...common('content'),
      PORT: port('content'),
    });
    services.gateway.process = startTs('gateway/src/main.ts', {
      PORT: port('gateway'),
      // Its /readyz details, and the upstreams' it reads, need the admin credential.
      ADMIN_TOKEN: PIPELINE_ADMIN_TOKEN,
      CONTENT_URL: services.content.url,
      RATE_LIMIT_READ_PER_MIN: '1000000',
      // Rate limits and the micro-cache in the same Redis, which the Redis scenario restarts.
      CACHE_DRIVER: 'redis',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      CACHE_KEY_PREFIX: `pulse-outage-${runId}:`,
    });
    for (const name of ['ingestion', 'translation', 'content'] as const)
      await untilReady(services[name].process!, services[name].url, { timeoutMs: 120_000 });
    await eventually(
      async () => {
        const response = await fetch(`${services.gateway.url}/healthz`);
        if (response.status !== 200) throw new Error(`gateway /healthz ${response.status}`);
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );

    readers = startReaderLoad(services.gateway.url);
    const api = ingestionApi(services.ingestion.url);
    sourceIds = [];
    for (const feed of feeds)
      sourceIds.push(
        await api.addSource({
          name: `Outage feed ${feed.path} ${runId}`,
          description: 'Synthetic feed for the outage test',
          sourceType: 'rss',
          url: `${fixtures.url}${feed.path}`,
          category: 'gen-ai',
          allowPrivateNetwork: true,
        }),
      );
    // Two feeds now; each later scenario triggers one more as its outage begins, so stories are still
    // flowing through every outage however fast the machine publishes the first ones.
    for (const id of sourceIds.slice(0, 2)) await api.trigger(id);
  }, EXCLUSIVE_WAIT_MS + 300_000);

  /** Triggers the next feed not yet collected (one per scenario after the first; 200 stories each). */
  let nextFeed = 2;
  const triggerNextFeed = () => ingestionApi(services.ingestion.url).trigger(sourceIds[nextFeed++]!);

  afterAll(async () => {
    await readers?.stop();
    await Promise.all(Object.values(services).map(({ process }) => process?.stop()));
    await cluster?.close();
    await store?.close();
    redis?.kill('SIGKILL');
    await llm?.close();
    await fixtures?.close();
    if (figures.length) console.log(`outage figures (${runId}):\n${figures.join('\n')}`);
    release?.();
    if (!dataDir) return;
    // Every scenario recorded its figures: nothing to look into. Otherwise the logs stay for a look.
    if (passed === 5) rmSync(dataDir, { recursive: true, force: true });
    else {
      for (const [name, { process }] of Object.entries(services))
        writeFileSync(path.join(dataDir, `${name}.log`), process?.output() ?? '');
      console.log(`outage test: logs kept in ${dataDir}`);
    }
  }, 120_000);

  it('one broker killed mid-flow: the stories keep flowing on the other two, it rejoins, no reader fails', async () => {
    await untilPublished(50, 240_000);
    const from = Date.now();
    const before = (await published()).length;
    await cluster.kill(2);
    // With replication 3 and min.insync.replicas 2, writes and reads go on: shown by progress, not assumed.
    await untilPublished(before + 50, 120_000);
    await cluster.restart(2);
    const to = Date.now();
    const reads = readers.between(from, to);
    figures.push(
      `one broker killed: ${((to - from) / 1000).toFixed(1)} s without it, ${(await published()).length - before} articles published meanwhile, reads ${reads.total} (${reads.failed} failed)`,
    );
    expect(reads.failed).toBe(0);
    expect(reads.total).toBeGreaterThan(0);
    passed += 1;
  }, 300_000);

  it('every broker stopped for 30 s: /readyz says degraded and names the bus, readers are still answered, the flow resumes', async () => {
    await triggerNextFeed();
    const from = Date.now();
    await cluster.stopAll();
    const stoppedIn = Date.now() - from;
    let offDuringBus: string[];
    let atOutageEnd: number;
    try {
      // Degraded, not out of rotation: in Kubernetes a 503 here would take every content pod out of its
      // Service and leave readers with nothing while the articles are all still readable.
      const during = await untilReadiness('translation', 'degraded', 'bus');
      expect(JSON.stringify(during)).toMatch(/bus/);
      await untilReadiness('content', 'degraded', 'bus');
      offDuringBus = await holdOutage(from, 'content', 'bus', 'degraded');
      atOutageEnd = (await published()).length;
    } finally {
      // Whatever failed, the next scenarios get their Kafka back.
      await cluster.restart(1, 2, 3);
    }
    expect(offDuringBus).toEqual([]);
    const restartedAt = Date.now();
    await Promise.all(
      (['ingestion', 'translation', 'content'] as const).map((name) =>
        // The outbox's backlog must drain before a service says it is ready again.
        untilReadiness(name, 'ready', undefined, 150_000),
      ),
    );
    await untilPublished(atOutageEnd + 20, 180_000);
    const recovered = Date.now();
    const reads = readers.between(from, recovered);
    figures.push(
      `all brokers stopped ${OUTAGE_MS / 1000} s (stopping took ${(stoppedIn / 1000).toFixed(1)} s): flow resumed ${((recovered - restartedAt) / 1000).toFixed(1)} s after restart, reads ${reads.total} (${reads.failed} failed)`,
    );
    expect(reads.failed).toBe(0);
    passed += 1;
  }, 300_000);

  it('Redis killed and started again: /readyz says degraded and names the cache, readers are answered, nothing is lost', async () => {
    const from = Date.now();
    const before = (await published()).length;
    await triggerNextFeed();
    redis!.kill('SIGKILL');
    let offDuringCache: string[];
    try {
      await untilReadiness('content', 'degraded', 'cache');
      // Down for a while under the flow: caches are skipped and rate limits let requests through.
      offDuringCache = await holdOutage(from, 'content', 'cache', 'degraded', REDIS_OUTAGE_MS);
    } finally {
      redis = startRedisServer(redisPort, dataDir);
    }
    expect(offDuringCache).toEqual([]);
    const restartedAt = Date.now();
    await Promise.all(
      (['ingestion', 'translation', 'content'] as const).map((name) =>
        untilReadiness(name, 'ready', undefined, 60_000),
      ),
    );
    const readyAt = Date.now();
    // Stories go on being published while the cache is away and after it is back.
    await untilPublished(before + 20, 120_000);
    const reads = readers.between(from, Date.now());
    figures.push(
      `Redis killed for ${REDIS_OUTAGE_MS / 1000} s: ready ${((readyAt - restartedAt) / 1000).toFixed(1)} s after restart, reads ${reads.total} (${reads.failed} failed), ${(await published()).length - before} stories published meanwhile`,
    );
    expect(reads.failed).toBe(0);
    passed += 1;
  }, 300_000);

  it('the store stopped for 30 s: /readyz names it, reads fail fast with 503 and never 500, everything resumes without a restart', async () => {
    await triggerNextFeed();
    const from = Date.now();
    await store.stop();
    let offDuringStore: string[];
    let outageEnd: number;
    try {
      await untilReadiness('content', 'not ready', 'store');
      offDuringStore = await holdOutage(from, 'content', 'store', 'not ready');
      outageEnd = Date.now();
    } finally {
      await store.restart();
    }
    expect(offDuringStore).toEqual([]);
    const restartedAt = Date.now();
    await Promise.all(
      (['ingestion', 'translation', 'content'] as const).map((name) =>
        // The outbox's backlog must drain before a service says it is ready again.
        untilReadiness(name, 'ready', undefined, 150_000),
      ),
    );
    const readyAt = Date.now();
    const reads = readers.between(from, outageEnd);
    await eventually(
      () => {
        if (readers.between(readyAt + 2_000, Date.now()).total < 20)
          throw new Error('too few reads since recovery');
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    figures.push(
      `store stopped ${OUTAGE_MS / 1000} s: ready ${((readyAt - restartedAt) / 1000).toFixed(1)} s after restart; reads during the outage ${reads.total}: ${JSON.stringify(reads.statuses)}`,
    );
    // Cached reads may still succeed; the rest are 503s with a reason, never a 500 or a hang.
    expect(reads.examples).toEqual([]);
    expect(readers.between(readyAt + 2_000, Date.now()).failed).toBe(0);
    passed += 1;
  }, 300_000);

  it('every story is published exactly once and every consumer group catches up (lag 0)', async () => {
    // A feed run cut short by the store outage collects the rest of its items on the next scheduled run;
    // the test stands in for that tick. Re-running a source never duplicates what it already collected.
    const api = ingestionApi(services.ingestion.url);
    for (const id of sourceIds) await api.trigger(id);
    const started = Date.now();
    await untilPublished(ITEMS, 420_000);
    const articles = await published();
    const urls = articles.map((article) => article.originalSources[0]?.sourceUrl);
    expect(articles).toHaveLength(ITEMS);
    expect(new Set(urls).size).toBe(ITEMS);
    expect(urls.filter((url) => !links.has(url))).toEqual([]);

    const admin = new Kafka({
      clientId: `pulse-outage-lag-${runId}`,
      brokers: cluster.brokers.split(','),
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      const lag = await eventually(
        async () => {
          const { groups } = await admin.listGroups();
          let total = 0;
          for (const { groupId } of groups) {
            for (const { topic, partitions } of await admin.fetchOffsets({ groupId })) {
              const ends = await admin.fetchTopicOffsets(topic);
              for (const { partition, offset } of partitions) {
                const end = Number(ends.find((candidate) => candidate.partition === partition)?.offset ?? 0);
                total += Math.max(0, end - Math.max(0, Number(offset)));
              }
            }
          }
          if (total !== 0) throw new Error(`consumer lag ${total}`);
          return total;
        },
        { timeoutMs: 60_000, intervalMs: 500 },
      );
      expect(lag).toBe(0);
    } finally {
      await admin.disconnect();
    }
    for (const [name, { process }] of Object.entries(services))
      expect({ name, exitCode: process?.child.exitCode ?? null }).toEqual({ name, exitCode: null });
    figures.push(
      `all ${ITEMS} stories published once (${new Set(urls).size} distinct sources), last ones ${((Date.now() - started) / 1000).toFixed(1)} s after the final trigger; lag 0`,
    );
    passed += 1;
  }, 600_000);
});
