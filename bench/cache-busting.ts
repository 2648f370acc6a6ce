/**
 * Cache-busting beside readers (docs/abuse/cache-busting.md): VUS virtual users flat out on `/` and
 * `/article/{id}` with random query strings, next to the same users on the held pages as they are, each
 * beside another reader's `GET /api/articles/{id}` at READER_RATE per second, whose p95 is the figure
 * that matters; then a flood of distinct searches (`/search?q=<random>`, a document each, past the render
 * budget), and the reader alone for its baseline. All phases on one site, one after the other, in one run.
 *
 *   eval "$(cd /work/main && infra/local/pulse-local env)"; npm run bench:cache-busting   # embedded
 *   npm run bench:cache-busting -- --local   # content, trending, translation and the gateway as processes
 *
 * Settings: K6_BIN (from infra/local/pulse-local env), VUS (20), DURATION (20s per phase), WARMUP (5s),
 * READER_RATE (100), PHASES (a comma-separated subset of alone,held,random,search; all by default),
 * FRONTENDS_DIR (built front ends: pages are rendered by the shell's server bundle; built when missing).
 * k6 and the site share this machine's CPUs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runK6 } from './k6-run';
import { consumersCaughtUp } from './support/consumer-lag';
import { startSite, type SiteMode } from './support/site';

const VUS = process.env.VUS ?? '20';
const DURATION = process.env.DURATION ?? '20s';
const WARMUP = process.env.WARMUP ?? '5s';
const READER_RATE = process.env.READER_RATE ?? '100';
const MODE: SiteMode = process.argv.includes('--local') ? 'local' : 'embedded';
const K6_SCRIPT = path.join(__dirname, 'cache-busting', 'cache-busting.k6.js');

const PHASES = {
  alone: 'the API reader alone',
  held: '`/` and `/article/{id}` as they are (held)',
  random: '`/` and `/article/{id}` with random query strings',
  search: '`/search?q=<random>` (a distinct document each)',
} as const;
type Phase = keyof typeof PHASES;
const SELECTED = (process.env.PHASES?.split(',').map((name) => name.trim()) ??
  Object.keys(PHASES)) as Phase[];

interface Figures {
  phase: Phase;
  served: number;
  busy: number;
  failedPages: number;
  pageP95: number;
  apiP95: number;
  apiP99: number;
  apiFailed: number;
}

async function phase(root: string, baseUrl: string, articleId: string, name: Phase, duration = DURATION) {
  const summaryPath = path.join(root, `k6-${name}-${Date.now()}.json`);
  const mode = name === 'alone' ? 'none' : name;
  const env = { BASE_URL: baseUrl, ARTICLE_ID: articleId, MODE: mode, VUS, DURATION: duration, READER_RATE };
  await runK6(K6_SCRIPT, summaryPath, env, false);
  type Metric = Record<string, number> & { values?: Record<string, number> };
  const metrics = (JSON.parse(fs.readFileSync(summaryPath, 'utf8')) as { metrics: Record<string, Metric> })
    .metrics;
  const metric = (key: string) => metrics[key]?.values ?? metrics[key] ?? {};
  const api = metric('http_req_duration{name:api}');
  const apiFailed = metric('http_req_failed{name:api}');
  return {
    phase: name,
    served: metric('pages_served').rate ?? 0,
    busy: metric('pages_busy').rate ?? 0,
    failedPages: metric('pages_failed').count ?? 0,
    pageP95: metric('http_req_duration{name:page}')['p(95)'] ?? Number.NaN,
    apiP95: api['p(95)'],
    apiP99: api['p(99)'],
    apiFailed: apiFailed.rate ?? apiFailed.value ?? 0,
  } satisfies Figures;
}

/** The first listed news article, once the demo corpus is in. */
async function firstArticle(baseUrl: string): Promise<string> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/content/news?limit=1`).catch(() => undefined);
    const list = response?.ok ? ((await response.json()) as { articles: { id: string }[] }) : undefined;
    if (list?.articles.length) return list.articles[0].id;
    if (Date.now() > deadline) throw new Error('no article in /api/content/news');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function print(rows: readonly Figures[], loads: readonly string[]): void {
  const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
  const perS = (value: number) => value.toFixed(0);
  console.log(
    `\nCache-busting, ${MODE} mode: ${VUS} VUs on the pages for ${DURATION} per phase, another reader at ` +
      `${READER_RATE}/s on GET /api/articles/{id} (${os.cpus().length} CPUs shared by k6 and the site; ` +
      `Node ${process.version}; load average ${loads.join(' → ')})\n`,
  );
  console.log(
    '| phase | pages served (200/s) | busy (503/s) | other page answers | page p95 (ms) | API p95 (ms) | API p99 (ms) | API failed |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const pages = row.phase === 'alone';
    console.log(
      `| ${PHASES[row.phase]} | ${pages ? '—' : perS(row.served)} | ${pages ? '—' : perS(row.busy)} | ` +
        `${pages ? '—' : row.failedPages} | ${pages ? '—' : ms(row.pageP95)} | ${ms(row.apiP95)} | ` +
        `${ms(row.apiP99)} | ${(row.apiFailed * 100).toFixed(2)} % |`,
    );
  }
  const held = rows.find((row) => row.phase === 'held');
  const random = rows.find((row) => row.phase === 'random');
  if (held && random)
    console.log(
      `\nServed with random query strings: ${((random.served / held.served) * 100).toFixed(0)} % of the held ` +
        `pages' rate (aim: at least 50 %); the API reader's p95 beside them: ${ms(random.apiP95)} ms (aim: under 10 ms).`,
    );
}

async function main(): Promise<void> {
  if (!process.env.K6_BIN)
    throw new Error('K6_BIN is not set: run eval "$(infra/local/pulse-local env)" first');
  const frontends = path.resolve(process.env.FRONTENDS_DIR ?? 'frontends');
  if (!fs.existsSync(path.join(frontends, 'shell', 'dist', 'server', 'render.js'))) {
    console.error('… building the front ends (bash frontends/build-all.sh): pages are rendered by the shell');
    const build = spawn('bash', ['frontends/build-all.sh'], { stdio: 'inherit' });
    const code = await new Promise((resolve) => build.once('exit', resolve));
    if (code !== 0) throw new Error('the front-end build failed');
  }
  process.env.FRONTENDS_DIR = frontends;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-cache-busting-'));
  const loads = [
    os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' '),
  ];
  const rows: Figures[] = [];
  try {
    const site = await startSite(MODE, fs.mkdtempSync(path.join(root, 'site-')), {});
    try {
      if (site.bus) {
        const caughtUpS = await consumersCaughtUp(site.bus.brokers, site.bus.groupPrefix);
        console.error(`… consumers caught up with the topics' history in ${caughtUpS.toFixed(0)} s`);
      }
      const articleId = await firstArticle(site.baseUrl);
      // Unrecorded first: the just-started site's compilation and first renders are not the steady state.
      await phase(root, site.baseUrl, articleId, 'held', WARMUP);
      for (const name of SELECTED) {
        if (!(name in PHASES)) throw new Error(`PHASES: unknown phase ${name}`);
        console.error(`… ${PHASES[name]}`);
        rows.push(await phase(root, site.baseUrl, articleId, name));
      }
    } finally {
      await site.stop();
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  loads.push(
    os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' '),
  );
  print(rows, loads);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
