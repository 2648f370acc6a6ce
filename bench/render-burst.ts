/**
 * The API's latency while page renders come in a burst (docs/benchmarks.md 'Server renders'): an embedded
 * site whose page documents are never held (GATEWAY_DOCUMENT_CACHE_MS=0, so every page read is a render)
 * and whose API answers come from the micro-cache, read at a steady API_RATE on its own, then the same
 * while VUS virtual users read `/article/{id}` flat out. Once with the renders on the gateway's own thread
 * (GATEWAY_RENDER_WORKERS=0), once in its worker threads (unset: one per core), in the same run.
 *
 *   eval "$(infra/local/pulse-local env)"; npm run bench:render-burst
 *
 * Settings: K6_BIN, VUS (20), DURATION (15s), API_RATE (200 requests/s), WORKERS (the settings compared,
 * comma-separated: `0,default`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runK6 } from './k6-run';
import { startSite } from './support/site';

const VUS = process.env.VUS ?? '20';
const DURATION = process.env.DURATION ?? '15s';
const API_RATE = process.env.API_RATE ?? '200';
const WORKERS = (process.env.WORKERS ?? '0,default').split(',').map((setting) => setting.trim());
const K6_SCRIPT = path.join(__dirname, 'reads', 'read.k6.js');

interface Figures {
  rate: number;
  p95: number;
  p99: number;
  failed: number;
}

async function k6(root: string, env: Record<string, string>): Promise<Figures> {
  const summaryPath = path.join(root, `k6-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  await runK6(K6_SCRIPT, summaryPath, { VUS, DURATION, ...env }, false);
  type Metric = Record<string, number> & { values?: Record<string, number> };
  const { metrics } = JSON.parse(fs.readFileSync(summaryPath, 'utf8')) as { metrics: Record<string, Metric> };
  const metric = (name: string) => metrics[name]?.values ?? metrics[name] ?? {};
  const duration = metric('http_req_duration{name:read}');
  const failed = metric('http_req_failed');
  return {
    rate: metric('http_reqs').rate ?? 0,
    p95: duration['p(95)'],
    p99: duration['p(99)'],
    failed: failed.rate ?? failed.value ?? 0,
  };
}

async function main(): Promise<void> {
  if (!process.env.K6_BIN)
    throw new Error('K6_BIN is not set: run eval "$(infra/local/pulse-local env)" first');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-burst-'));
  const loads = [os.loadavg()[0].toFixed(2)];
  const rows: string[] = [];
  try {
    for (const workers of WORKERS) {
      const site = await startSite('embedded', fs.mkdtempSync(path.join(root, 'site-')), {
        GATEWAY_MICROCACHE_MS: '1000',
        GATEWAY_DOCUMENT_CACHE_MS: '0',
        GATEWAY_STALE_MS: '0',
        // Every page read a render: the budget's busy 503 would stand in for most of them.
        GATEWAY_RENDER_CONCURRENCY: '64',
        GATEWAY_RENDER_MS_PER_S: '100000',
        ...(workers === 'default' ? {} : { GATEWAY_RENDER_WORKERS: workers }),
      });
      try {
        const list = (await (await fetch(`${site.baseUrl}/api/content/news`)).json()) as {
          articles: { id: string }[];
        };
        const id = list.articles[0]?.id;
        if (!id) throw new Error('no articles in /api/content/news');
        const api = { BASE_URL: site.baseUrl, ROUTE: `/api/articles/${id}`, MODE: 'rate', RATE: API_RATE };
        const pages = { BASE_URL: site.baseUrl, ROUTE: `/article/${id}` };
        // Unrecorded: the renders' first chunks, the workers' start, the micro-cache filled.
        await Promise.all([k6(root, { ...api, DURATION: '5s' }), k6(root, { ...pages, DURATION: '5s' })]);
        const alone = await k6(root, api);
        const [during, burst] = await Promise.all([k6(root, api), k6(root, pages)]);
        const ms = (value: number) => value.toFixed(1);
        const label = workers === 'default' ? `unset (${os.availableParallelism()})` : workers;
        rows.push(
          `| ${label} | ${ms(alone.p95)} / ${ms(alone.p99)} | ${ms(during.p95)} / ${ms(during.p99)} | ` +
            `${burst.rate.toFixed(0)} (${(burst.failed * 100).toFixed(1)} % failed) | ${(Math.max(alone.failed, during.failed) * 100).toFixed(2)} % |`,
        );
      } finally {
        await site.stop();
      }
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  loads.push(os.loadavg()[0].toFixed(2));
  console.log(
    `\nThe API during a burst of renders, embedded mode, /api/articles/{id} at ${API_RATE}/s, ${VUS} VUs reading ` +
      `/article/{id}, ${DURATION} each (${os.cpus().length} CPUs; Node ${process.version}; load average ${loads.join(' → ')})\n`,
  );
  console.log(
    '| GATEWAY_RENDER_WORKERS | API p95 / p99 alone (ms) | API p95 / p99 during the renders (ms) | pages/s during | API failed |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
