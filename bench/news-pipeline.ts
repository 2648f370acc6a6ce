/**
 * News pipeline bench (docs/pipeline.md 'The news pipeline'): synthetic RSS feeds on a local HTTP server → ingestion (real fetch,
 * parse, canonical URLs, MinHash clustering, outbox) → article.collected → translation (an OpenAI-
 * compatible stub answering every call after a fixed 200 ms) → translations collection. Both services
 * run as Nest apps from createServiceApp in this process. Measures items per second from the first
 * fetch to the last stored translation, and per-item latency from the fetch of its feed to its stored
 * translation, in process and on Kafka + the MongoDB-compatible server. Prints a table; the README quotes it.
 *
 *   npm run bench:pipeline
 *   BENCH_ITEMS=200 npm run bench:pipeline           (default 500 distinct stories, 50 per feed)
 *   node -r @swc-node/register bench/news-pipeline.ts
 *
 * Settings: BENCH_ITEMS (500), BENCH_PER_FEED (50, at most 200: the parser's cap per document),
 * BENCH_LLM_LATENCY_MS (200), BENCH_ALONE (5 items afterwards, one at a time on an idle pipeline),
 * BENCH_WIDE_PARTITIONS (12: an extra in-process row with that many partitions; 0 skips it),
 * BENCH_SKIP_KAFKA=1, BENCH_LOG_LEVEL (silent). Kafka and MongoDB from PULSE_TEST_KAFKA_BROKERS and
 * PULSE_TEST_MONGO_URL, else 127.0.0.1:19092 and mongodb://127.0.0.1:27027 (infra/local/pulse-local up).
 *
 * What bounds throughput: the translation handler awaits the LLM call, and both buses deliver one
 * record at a time per partition (that is what keeps a key's events in order): the in-process bus runs
 * one worker per partition, the Kafka adapter consumes partitionsConsumedConcurrently = the bus's
 * partition count, one message at a time each. So with BUS_PARTITIONS=3 (set by this bench) at most 3 LLM
 * calls are in flight: ≤ 3 / 0.2 s = 15 items/s, however fast ingestion is (it collects hundreds of
 * items per second). What raises it, without touching service code: more partitions (BUS_PARTITIONS;
 * in process one worker each, on Kafka one consumer member handles that many at once) — the
 * BENCH_WIDE_PARTITIONS row shows it — or, on Kafka, more translation replicas sharing the group's
 * partitions. Beyond that, the real bound is the LLM provider's rate limit, not the pipeline.
 * Below 15/s in practice: clusterIds hash unevenly over 3 partitions, so the fullest one finishes last,
 * and translation starts while ingestion is still collecting. On Kafka + the MongoDB-compatible server
 * each new item still costs about four store writes in ingestion (item record, cluster, story with its
 * outbox event, confirmation; 4 sources at a time) and translation's own per-event writes, and the
 * server does them one after another, so that row is bounded by the store, not the LLM.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  EmbeddedDocumentStore,
  InProcessEventBus,
  KafkaEventBus,
  MongoDocumentStore,
  type DocumentStore,
} from '@pulse/platform';
import { dropMongoDatabase, kafkaTestBrokers, mongoTestUrl, uniqueMongoDatabaseUrl } from '@pulse/testing';
import pino from 'pino';
import { runPipeline, type PipelineOptions, type PipelineResult } from './news-pipeline/pipeline-run';
import { RunScopedBus } from './news-pipeline/run-scoped-bus';
import { deleteTopics } from './kafka-topics';
import { undoOnStop } from './support/undo-on-stop';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 500);
const PER_FEED = Math.min(200, Number(process.env.BENCH_PER_FEED ?? 50));
const LLM_LATENCY_MS = Number(process.env.BENCH_LLM_LATENCY_MS ?? 200);
const ALONE = Number(process.env.BENCH_ALONE ?? 5);
const WIDE_PARTITIONS = Number(process.env.BENCH_WIDE_PARTITIONS ?? 12);
const logger = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' });

type Outcome = PipelineResult | { label: string; error: string };

async function inProcess(root: string, partitions: number): Promise<PipelineResult> {
  const dir = fs.mkdtempSync(path.join(root, 'in-process-'));
  // One bus on disk shared by the services (as embedded mode runs), one store per service.
  const bus = new InProcessEventBus({ dataDir: path.join(dir, 'bus'), partitions, logger });
  const stores: DocumentStore[] = [];
  try {
    const ingestionStore = await EmbeddedDocumentStore.open({ dataDir: path.join(dir, 'ingestion') });
    stores.push(ingestionStore);
    const translationStore = await EmbeddedDocumentStore.open({ dataDir: path.join(dir, 'translation') });
    stores.push(translationStore);
    return await runPipeline(
      {
        label: `in-process bus on disk + embedded store, ${partitions} partitions`,
        ingestion: { bus, store: ingestionStore },
        translation: { bus, store: translationStore },
        observer: bus,
      },
      options(path.join(dir, 'feeds')),
    );
  } finally {
    for (const store of stores) await store.close();
    await bus.close();
  }
}

async function onKafka(root: string): Promise<PipelineResult> {
  const brokers = kafkaTestBrokers();
  const run = `bench-${randomUUID().slice(0, 8)}.`;
  // One bus per service, as separate processes would have; topics and groups scoped to this run.
  const kafka = (client: string) =>
    new RunScopedBus(
      new KafkaEventBus({ brokers, clientId: `pulse-bench-${client}`, partitions: 3, logger }),
      run,
    );
  const buses = [kafka('ingestion'), kafka('translation'), kafka('observer')];
  const health = await buses[0].check();
  if (!health.ok) {
    for (const bus of buses) await bus.close();
    throw new Error(
      `Kafka not reachable at ${brokers.join(',')}: ${health.reason} (infra/local/pulse-local up)`,
    );
  }
  const urls = [uniqueMongoDatabaseUrl('bench_ingestion'), uniqueMongoDatabaseUrl('bench_translation')];
  const stores: MongoDocumentStore[] = [];
  const undo = undoOnStop(async () => {
    for (const bus of buses) await bus.close().catch(() => undefined);
    for (const store of stores) await store.close().catch(() => undefined);
    for (const url of urls) await dropMongoDatabase(url).catch(() => undefined);
    await deleteTopics(brokers, run);
  });
  try {
    for (const url of urls) stores.push(await MongoDocumentStore.connect({ url, logger }));
    return await runPipeline(
      {
        label: `Kafka (${brokers.join(',')}) + MongoDB-compatible, 3 partitions`,
        ingestion: { bus: buses[0], store: stores[0] },
        translation: { bus: buses[1], store: stores[1] },
        observer: buses[2],
      },
      options(fs.mkdtempSync(path.join(root, 'kafka-feeds-'))),
    );
  } finally {
    await undo();
  }
}

function options(feedDir: string): PipelineOptions {
  return {
    items: ITEMS,
    perFeed: PER_FEED,
    llmLatencyMs: LLM_LATENCY_MS,
    aloneItems: ALONE,
    // Three times the 15 items/s bound, plus start-up: a stall ends the row instead of hanging.
    timeoutMs: Number(process.env.BENCH_TIMEOUT_S ?? (ITEMS / 15) * 3 + 120) * 1000,
    feedDir,
    logger,
  };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-pipeline-'));
  const results: Outcome[] = [];
  const attempt = async (label: string, work: () => Promise<PipelineResult>) => {
    console.error(`… ${label}`);
    try {
      results.push(await work());
    } catch (error) {
      results.push({ label, error: error instanceof Error ? error.message : String(error) });
    }
  };
  try {
    await attempt('in-process, 3 partitions', () => inProcess(root, 3));
    if (process.env.BENCH_SKIP_KAFKA !== '1')
      await attempt('Kafka + MongoDB-compatible', () => onKafka(root));
    if (WIDE_PARTITIONS > 0)
      await attempt(`in-process, ${WIDE_PARTITIONS} partitions`, () => inProcess(root, WIDE_PARTITIONS));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }

  const s = (ms: number) => (ms / 1000).toFixed(2);
  const triple = (values: number[]) =>
    `${s(percentile(values, 50))} / ${s(percentile(values, 95))} / ${s(Math.max(...values))}`;
  console.log(
    `\n${ITEMS} distinct stories in ${Math.ceil(ITEMS / PER_FEED)} RSS feeds of ${PER_FEED}, all triggered at once; ` +
      `LLM stub ${LLM_LATENCY_MS} ms per call; then ${ALONE} items one at a time on the idle pipeline ` +
      `(${os.cpus().length} CPUs, Node ${process.version}, mongo ${mongoTestUrl().replace(/\/[^/]*$/, '')})\n`,
  );
  console.log(
    '| configuration | items stored | ingestion (s) | end to end (s) | items/s | fetch → stored p50 / p95 / max (s) | collected → stored p50 / p95 / max (s) | one item alone, fetch → stored p50 / max (s) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const result of results) {
    if ('error' in result) {
      console.log(`| ${result.label} | — | — | — | — | — | — | ${result.error} |`);
      continue;
    }
    const stored = `${result.translated}/${result.items}${result.collectedNew === result.items ? '' : ` (new clusters: ${result.collectedNew})`}${result.timedOut ? ' (timed out)' : ''}`;
    const alone = result.alone.length
      ? `${s(percentile(result.alone, 50))} / ${s(Math.max(...result.alone))}`
      : '—';
    console.log(
      `| ${result.label} | ${stored} | ${s(result.ingestionMs)} | ${s(result.endToEndMs)} | ${((result.translated / result.endToEndMs) * 1000).toFixed(1)} | ${triple(result.fetchToStored)} | ${triple(result.collectedToStored)} | ${alone} |`,
    );
  }
  for (const result of results)
    if ('diagnosis' in result && result.diagnosis) console.log(`\n${result.label}: ${result.diagnosis}`);
  console.log(
    '\nitems/s: stored translations ÷ (first feed request → last translation stored). ingestion: first feed request → last article.collected written. ' +
      'collected → stored: the outbox event’s occurredAt → the translation’s updatedAt (bus, queue behind the partition, LLM, write).',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
