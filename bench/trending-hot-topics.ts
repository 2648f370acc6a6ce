/**
 * Latency of GET /api/trending/hot-topics?limit=10 under load: the trending service built with
 * createServiceApp on the embedded adapters (in-process bus on disk, embedded store, memory cache), as
 * embedded mode runs it, listening on a free port and holding a populated day (500 articles, 20,000
 * engagement events, recomputed); then k6 (bench/trending/hot-topics.k6.js, 20 VUs for 20 s) against it.
 * Prints a markdown table of p50 / p95 / p99 and requests per second; the README quotes it.
 *
 *   eval "$(infra/local/pulse-local env)"; node -r @swc-node/register bench/trending-hot-topics.ts
 *   VUS=50 DURATION=30s node -r @swc-node/register bench/trending-hot-topics.ts
 *
 * Settings: K6_BIN (from infra/local/pulse-local env), VUS (20), DURATION (20s), BENCH_EVENTS (20000),
 * BENCH_ARTICLES (500), BENCH_LOG_LEVEL (silent). k6 and the service share this machine's CPUs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOPICS } from '@pulse/contracts';
import { EmbeddedDocumentStore, InProcessEventBus, MemoryCacheStore } from '@pulse/platform';
import pino from 'pino';
import { printK6Table, runK6, summaryPathIn } from './k6-run';
import { syntheticLoad } from './trending/synthetic-load';
import { publishAll, startTrending, waitFor } from './trending/trending-app';

const VUS = process.env.VUS ?? '20';
const DURATION = process.env.DURATION ?? '20s';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 500);
const logger = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' });

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-hot-topics-'));
  const bus = new InProcessEventBus({ dataDir: path.join(root, 'bus'), logger });
  const store = await EmbeddedDocumentStore.open({ dataDir: path.join(root, 'trending') });
  const cache = new MemoryCacheStore();
  const trending = await startTrending({ bus, store, cache }, logger);
  try {
    console.error(`… populating: ${ARTICLES} articles, ${EVENTS} engagement events`);
    const load = syntheticLoad({ nowMs: Date.now(), articles: ARTICLES, events: EVENTS, prefix: 'k6-' });
    await publishAll(bus, TOPICS.articlePublished, load.published);
    await publishAll(bus, TOPICS.articleEngaged, load.engaged);
    const filled = await waitFor(async () => {
      const stats = await trending.stats();
      return stats.totalStats.totalViews === load.views && stats.totalStats.avgHotScore > 0;
    }, 300_000);
    if (!filled) throw new Error('the populated day was not absorbed within 300 s');
    // The debounce pass after the burst scores the last events: wait until hot-topics is full and stable.
    let previous = '';
    await waitFor(
      async () => {
        const body = await (await fetch(`${trending.baseUrl}/api/trending/hot-topics?limit=10`)).text();
        const stable =
          body === previous && (JSON.parse(body) as { articles: unknown[] }).articles.length === 10;
        previous = body;
        return stable;
      },
      60_000,
      500,
    );

    console.error(
      `… k6: ${VUS} VUs for ${DURATION} against ${trending.baseUrl}/api/trending/hot-topics?limit=10`,
    );
    const summaryPath = summaryPathIn(root);
    const script = path.join(__dirname, 'trending', 'hot-topics.k6.js');
    const code = await runK6(script, summaryPath, { BASE_URL: trending.baseUrl, VUS, DURATION });
    printK6Table(
      summaryPath,
      'http_req_duration{name:hot-topics}',
      `GET /api/trending/hot-topics?limit=10, ${VUS} VUs for ${DURATION} (k6 constant-vus), trending in process on ` +
        `the embedded adapters with ${ARTICLES} articles and ${EVENTS.toLocaleString('en')} engagement events`,
      code,
    );
  } finally {
    await trending.close();
    await bus.close();
    await store.close();
    await cache.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
