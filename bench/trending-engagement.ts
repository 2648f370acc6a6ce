/**
 * Trending engagement bench: how many article.engaged events per second the trending service
 * absorbs. N engagement events (default 50,000: 95 % views, 4 % likes, 1 % shares, long-tailed over 500
 * articles published in the last 24 h) are published in batches of 1,000 to a service built with
 * createServiceApp, and the clock runs until its counters reflect them: GET /api/trending/stats?period=month
 * polled every 50 ms until totalViews equals the views published (the stream ends with views, so the
 * likes and shares before them on each partition are handled too). Rows: the in-process bus on disk +
 * embedded store (fsync per write) + memory cache, as embedded mode runs; and Kafka + the
 * MongoDB-compatible server + Redis, the service in this process on those adapters (topics and groups
 * scoped to the run). Prints a markdown table; the README quotes it.
 *
 *   node -r @swc-node/register bench/trending-engagement.ts
 *   BENCH_EVENTS=20000 node -r @swc-node/register bench/trending-engagement.ts
 *
 * Settings: BENCH_EVENTS (50000), BENCH_ARTICLES (500), BENCH_SKIP_KAFKA=1, BENCH_TIMEOUT_S (300 per
 * row), BENCH_LOG_LEVEL (silent). Kafka, MongoDB and Redis from PULSE_TEST_KAFKA_BROKERS,
 * PULSE_TEST_MONGO_URL and PULSE_TEST_REDIS_URL (`eval "$(infra/local/pulse-local env)"`), else the
 * infra/local defaults.
 *
 * The service takes article.engaged in batches of a partition's waiting events (up to 2,000): per batch
 * one bulk insert of apply-once markers, one counter update per article, the views' minute buckets and
 * active set in the cache sent together, one record of the finished apply (services/trending/README.md,
 * Idempotency). So the store's cost per marker document bounds the rate on the MongoDB-compatible server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { TOPICS, type EventEnvelope } from '@pulse/contracts';
import {
  createPorts,
  EmbeddedDocumentStore,
  InProcessEventBus,
  KafkaEventBus,
  MemoryCacheStore,
  type EventBus,
  type HealthResult,
  type PortSet,
  type SubscribeOptions,
  type Subscription,
} from '@pulse/platform';
import { dropMongoDatabase, kafkaTestBrokers, uniqueMongoDatabaseUrl } from '@pulse/testing';
import pino from 'pino';
import { RunScopedBus } from './news-pipeline/run-scoped-bus';
import { syntheticLoad } from './trending/synthetic-load';
import { publishAll, startTrending, waitFor } from './trending/trending-app';
import { deleteTopics } from './kafka-topics';
import { undoOnStop } from './support/undo-on-stop';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 50_000);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 500);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 300) * 1000;
const logger = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' });

interface Row {
  label: string;
  events: number;
  publishMs: number;
  absorbMs: number;
  absorbed: boolean;
  error?: string;
}

async function measure(label: string, ports: PortSet & { bus: EventBus }): Promise<Row> {
  const trending = await startTrending(ports, logger);
  try {
    const load = syntheticLoad({
      nowMs: Date.now(),
      articles: ARTICLES,
      events: EVENTS,
      prefix: `b${randomUUID().slice(0, 6)}-`,
    });
    await publishAll(ports.bus, TOPICS.articlePublished, load.published);
    if (!(await waitFor(async () => (await trending.stats()).totalStats.totalArticles === ARTICLES, 60_000)))
      throw new Error('the articles were not absorbed within 60 s');
    const started = performance.now();
    await publishAll(ports.bus, TOPICS.articleEngaged, load.engaged);
    const publishMs = performance.now() - started;
    const absorbed = await waitFor(
      async () => (await trending.stats()).totalStats.totalViews === load.views,
      TIMEOUT_MS,
    );
    return { label, events: EVENTS, publishMs, absorbMs: performance.now() - started, absorbed };
  } finally {
    await trending.close();
  }
}

async function inProcess(root: string): Promise<Row> {
  const dir = fs.mkdtempSync(path.join(root, 'in-process-'));
  const bus = new InProcessEventBus({ dataDir: path.join(dir, 'bus'), logger });
  const store = await EmbeddedDocumentStore.open({ dataDir: path.join(dir, 'trending') });
  const cache = new MemoryCacheStore();
  try {
    return await measure('in-process bus on disk + embedded store + memory cache', { bus, store, cache });
  } finally {
    await bus.close();
    await store.close();
    await cache.close();
  }
}

async function onKafka(root: string): Promise<Row> {
  const brokers = kafkaTestBrokers();
  const run = `bench-${randomUUID().slice(0, 8)}.`;
  const bus = new GroupPerTopicBus(
    new RunScopedBus(new KafkaEventBus({ brokers, clientId: 'pulse-bench-trending', logger }), run),
  );
  const health = await bus.check();
  if (!health.ok) {
    await bus.close();
    throw new Error(
      `Kafka not reachable at ${brokers.join(',')}: ${health.reason} (infra/local/pulse-local up)`,
    );
  }
  const mongoUrl = uniqueMongoDatabaseUrl('bench_trending');
  let ports: PortSet | undefined;
  const undo = undoOnStop(async () => {
    await bus.close().catch(() => undefined);
    await ports?.store?.close().catch(() => undefined);
    await ports?.cache?.close().catch(() => undefined);
    await dropMongoDatabase(mongoUrl).catch(() => undefined);
    await deleteTopics(brokers, run);
  });
  try {
    ports = await createPorts(['store', 'cache'], {
      serviceName: 'trending',
      logger,
      dataDir: root,
      env: {
        STORE_DRIVER: 'mongo',
        MONGO_URL: mongoUrl,
        CACHE_DRIVER: 'redis',
        REDIS_URL: process.env.PULSE_TEST_REDIS_URL || 'redis://127.0.0.1:16379',
        CACHE_KEY_PREFIX: `pulse-${run}`,
      },
    });
    return await measure(`Kafka (${brokers.join(',')}) + MongoDB-compatible + Redis, 3 partitions`, {
      ...ports,
      bus,
    });
  } finally {
    await undo();
  }
}

/**
 * One consumer group per topic. The Kafka adapter runs one kafkajs consumer per subscription, and the
 * trending service subscribes to two topics under one group name ('trending'): two members of one
 * group with different subscriptions, so the group's assignment hands each member partitions of the
 * other's topic, which it never reads ("Consumer group received unsubscribed topics"). Until the
 * service or the platform gives each topic its own group, the bench does, so it measures absorption
 * rather than that.
 */
class GroupPerTopicBus implements EventBus {
  readonly adapterName: string;

  constructor(private readonly inner: EventBus) {
    this.adapterName = inner.adapterName;
  }

  publish(topic: string, events: EventEnvelope | readonly EventEnvelope[]): Promise<void> {
    return this.inner.publish(topic, events);
  }

  subscribe<P = unknown>(options: SubscribeOptions<P>): Promise<Subscription> {
    return this.inner.subscribe({ ...options, group: `${options.group}.${options.topic}` });
  }

  check(): Promise<HealthResult> {
    return this.inner.check();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-trending-'));
  const rows: Row[] = [];
  const attempt = async (label: string, work: () => Promise<Row>) => {
    console.error(`… ${label}`);
    try {
      rows.push(await work());
    } catch (error) {
      rows.push({
        label,
        events: EVENTS,
        publishMs: NaN,
        absorbMs: NaN,
        absorbed: false,
        error: String(error),
      });
    }
  };
  try {
    await attempt('in-process', () => inProcess(root));
    if (process.env.BENCH_SKIP_KAFKA !== '1')
      await attempt('Kafka + MongoDB-compatible + Redis', () => onKafka(root));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  console.log(
    `\n${EVENTS.toLocaleString('en')} article.engaged events (95 % views, 4 % likes, 1 % shares) over ${ARTICLES} articles, ` +
      `published in batches of 1,000; absorbed = stats totalViews equals the views sent ` +
      `(${os.cpus().length} CPUs, Node ${process.version})\n`,
  );
  console.log('| configuration | events | publish (s) | publish → absorbed (s) | events/s absorbed |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) {
    if (row.error) {
      console.log(`| ${row.label} | ${row.events} | — | — | ${row.error} |`);
      continue;
    }
    const rate = row.absorbed
      ? ((row.events / row.absorbMs) * 1000).toFixed(0)
      : `timed out after ${TIMEOUT_MS / 1000} s`;
    console.log(
      `| ${row.label} | ${row.events} | ${(row.publishMs / 1000).toFixed(2)} | ${(row.absorbMs / 1000).toFixed(2)} | ${rate} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
