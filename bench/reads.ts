/**
 * The read path beside bare Node (docs/benchmarks.md 'Reads beside bare Node'): for each of four public reads, the site's saturation rate
 * (k6, VUS virtual users flat out for DURATION) next to a bare Node `http` server answering the same
 * bytes (bench/reads/bare-server.ts, fetched once from the site), measured one after the other in the
 * same run; then the site held at 70 % of its saturation rate, for the p99 below saturation, and the bare
 * server at that same rate (the tail this shared machine adds whatever serves). Done twice:
 * the gateway's caches on (GATEWAY_MICROCACHE_MS=1000 and GATEWAY_DOCUMENT_CACHE_MS=10000, the defaults)
 * and off (all three 0, GATEWAY_STALE_MS too).
 *
 *   eval "$(infra/local/pulse-local env)"; npm run bench:reads              # embedded mode
 *   npm run bench:reads -- --local    # content, trending, community, translation and the gateway as processes
 *
 * The community's routes read what a busy discussion costs: `thread`, the first page of an article's
 * comments (popular first, as the page asks) when the article holds 1,000; `question` and `answers`, a
 * question page's two reads when it holds 200 answers (bench/reads/community-seed.ts writes them through
 * the gateway first).
 *
 * Settings: K6_BIN (from infra/local/pulse-local env), VUS (20), DURATION (20s), WARMUP (5s: each route
 * read unrecorded first), ROUTES (a comma-separated subset of
 * article,news,page,home,hot-topics,thread,question,answers; all by default), MICROCACHE (on, off or both: the default),
 * FRONTENDS_DIR (the built
 * front ends; /article/{id} needs the shell's index.html: `bash frontends/build-all.sh`), SITE_NODE_ARGS
 * (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the gateway). k6, the site and the bare server
 * share this machine's CPUs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runK6 } from './k6-run';
import { COMMUNITY_WRITE_LIMITS_RAISED, seedCommunity } from './reads/community-seed';
import { consumersCaughtUp } from './support/consumer-lag';
import { startSite, startTs, stopChild, until, type SiteMode } from './support/site';

const VUS = process.env.VUS ?? '20';
const DURATION = process.env.DURATION ?? '20s';
/** Unrecorded reading of each route before the measurements. */
const WARMUP = process.env.WARMUP ?? '5s';
const SELECTED_ROUTES = process.env.ROUTES?.split(',').map((name) => name.trim());
const MICROCACHE = process.env.MICROCACHE ?? 'both';
const selected = (name: string) => SELECTED_ROUTES === undefined || SELECTED_ROUTES.includes(name);
const COMMUNITY_ROUTES = ['thread', 'question', 'answers'];
const MODE: SiteMode = process.argv.includes('--local') ? 'local' : 'embedded';
const K6_SCRIPT = path.join(__dirname, 'reads', 'read.k6.js');

interface K6Figures {
  rate: number;
  p95: number;
  p99: number;
  failed: number;
}

interface Row {
  route: string;
  microCache: string;
  bytes: number;
  site: K6Figures;
  bare: K6Figures;
  held: K6Figures & { target: number };
  /** The bare server held at the same rate: what the machine itself adds to the tail at that rate. */
  bareHeld: K6Figures;
}

async function k6(root: string, env: Record<string, string | number>): Promise<K6Figures> {
  const summaryPath = path.join(root, `k6-${Date.now()}.json`);
  await runK6(K6_SCRIPT, summaryPath, { VUS, DURATION, ...env }, false);
  type Metric = Record<string, number> & { values?: Record<string, number> };
  const metrics = (JSON.parse(fs.readFileSync(summaryPath, 'utf8')) as { metrics: Record<string, Metric> })
    .metrics;
  const metric = (name: string) => metrics[name]?.values ?? metrics[name] ?? {};
  const duration = metric('http_req_duration{name:read}');
  const failed = metric('http_req_failed');
  const failedRate = failed.rate ?? failed.value ?? 0;
  return {
    // Answered reads only: a busy 503 (the render budget's) or an error is not a page served.
    rate: (metric('http_reqs').rate ?? 0) * (1 - failedRate),
    p95: duration['p(95)'],
    p99: duration['p(99)'],
    failed: failedRate,
  };
}

/** Gives trending something to rank: one view of each listed article, then waits for the ranking. */
async function seed(baseUrl: string): Promise<string> {
  const deadline = Date.now() + 180_000;
  let ids: string[] = [];
  while (ids.length === 0) {
    const list = (await (await fetch(`${baseUrl}/api/content/news`)).json()) as {
      articles: { id: string }[];
    };
    ids = list.articles.map((article) => article.id);
    if (ids.length === 0 && Date.now() > deadline) throw new Error('no articles in /api/content/news');
    if (ids.length === 0) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  for (const id of ids) {
    // The first request gets the reader's session and counts nothing; the second, with it, counts.
    const first = await fetch(`${baseUrl}/api/articles/${id}/view`, { method: 'POST' });
    const cookie = first.headers.getSetCookie().find((value) => value.startsWith('pulse_sid='));
    const response = await fetch(`${baseUrl}/api/articles/${id}/view`, {
      method: 'POST',
      headers: { cookie: cookie?.split(';')[0] ?? '' },
    });
    if (response.status !== 200) throw new Error(`view ${id}: ${response.status}`);
  }
  await until(
    'hot topics',
    async () => {
      const response = await fetch(`${baseUrl}/api/trending/hot-topics`);
      return ((await response.json()) as { articles: unknown[] }).articles.length > 0;
    },
    [],
    120_000,
    [],
  );
  return ids[0];
}

async function measure(microCacheMs: number, root: string, rows: Row[]): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(root, 'site-'));
  // Off means every gateway cache off: the API's micro-cache, the page documents' hold and the stale copies.
  const site = await startSite(MODE, dataDir, {
    GATEWAY_MICROCACHE_MS: String(microCacheMs),
    GATEWAY_DOCUMENT_CACHE_MS: microCacheMs > 0 ? '10000' : '0',
    GATEWAY_STALE_MS: microCacheMs > 0 ? '10000' : '0',
    // With every cache off each page read is a render; the render budget (edge/render-budget.ts) would
    // answer most of them with its busy 503 and the rate would be that page's, not the renders'.
    ...(microCacheMs > 0 ? {} : { GATEWAY_RENDER_CONCURRENCY: '64', GATEWAY_RENDER_MS_PER_S: '100000' }),
    ...(COMMUNITY_ROUTES.some(selected) ? COMMUNITY_WRITE_LIMITS_RAISED : {}),
  });
  try {
    // On the local stack the new consumer groups first read the shared topics' whole history; measured
    // then, the reads compete with that catch-up (bench/support/consumer-lag.ts).
    if (site.bus) {
      const caughtUpS = await consumersCaughtUp(site.bus.brokers, site.bus.groupPrefix);
      console.error(`… consumers caught up with the topics' history in ${caughtUpS.toFixed(0)} s`);
    }
    const id = await seed(site.baseUrl);
    const community = COMMUNITY_ROUTES.some(selected) ? await seedCommunity(site.baseUrl, id) : undefined;
    const routes = Object.entries({
      article: `/api/articles/${id}`,
      news: '/api/content/news',
      page: `/article/${id}`,
      home: '/',
      'hot-topics': '/api/trending/hot-topics',
      ...(community && {
        thread: `/api/community/articles/${id}/comments?sort=popular&page=1`,
        question: `/api/community/questions/${community.questionId}`,
        answers: `/api/community/questions/${community.questionId}/answers?sortBy=popular`,
      }),
    })
      .filter(([name]) => selected(name))
      .map(([, route]) => route);
    const answers: Record<string, { contentType: string; body: string }> = {};
    for (const route of routes) {
      const response = await fetch(site.baseUrl + route);
      if (response.status !== 200) throw new Error(`${route}: ${response.status}`);
      answers[route] = {
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        body: Buffer.from(await response.arrayBuffer()).toString('base64'),
      };
    }
    const routesFile = path.join(dataDir, 'routes.json');
    fs.writeFileSync(routesFile, JSON.stringify(answers));
    const bareLog = path.join(dataDir, 'bare.log');
    const bare = startTs(path.join('bench', 'reads', 'bare-server.ts'), { ROUTES_FILE: routesFile }, bareLog);
    let barePort = 0;
    await until(
      'the bare server',
      async () => {
        barePort = Number(fs.readFileSync(bareLog, 'utf8').trim()) || 0;
        return barePort > 0;
      },
      [bare],
      30_000,
      [bareLog],
    );
    try {
      // Each route read for a few seconds first, unrecorded: the first route measured was otherwise the
      // one that paid for the just-started site's compilation and caches (a steady state is measured).
      for (const route of routes) await k6(root, { BASE_URL: site.baseUrl, ROUTE: route, DURATION: WARMUP });
      for (const route of routes) {
        const label = route.replace(id, '{id}').replace(community?.questionId ?? '\0', '{id}');
        console.error(
          `… ${label}, micro-cache ${microCacheMs} ms: bare, site, site and bare at 70 % of the site's rate`,
        );
        const bareFigures = await k6(root, { BASE_URL: `http://127.0.0.1:${barePort}`, ROUTE: route });
        const siteFigures = await k6(root, { BASE_URL: site.baseUrl, ROUTE: route });
        const target = Math.max(1, Math.round(siteFigures.rate * 0.7));
        const held = await k6(root, { BASE_URL: site.baseUrl, ROUTE: route, MODE: 'rate', RATE: target });
        const bareHeld = await k6(root, {
          BASE_URL: `http://127.0.0.1:${barePort}`,
          ROUTE: route,
          MODE: 'rate',
          RATE: target,
        });
        rows.push({
          route: label,
          microCache: microCacheMs > 0 ? `on (${microCacheMs} ms)` : 'off',
          bytes: Buffer.from(answers[route].body, 'base64').length,
          site: siteFigures,
          bare: bareFigures,
          held: { ...held, target },
          bareHeld,
        });
      }
    } finally {
      await stopChild(bare);
    }
  } finally {
    await site.stop();
  }
}

function print(rows: readonly Row[], loads: readonly string[]): void {
  const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
  console.log(
    `\nReads, ${MODE} mode, ${VUS} VUs for ${DURATION} per measurement (${os.cpus().length} CPUs shared by k6, ` +
      `the site and the bare server; Node ${process.version}; load average ${loads.join(' → ')})\n`,
  );
  console.log(
    '| route | micro-cache | bytes | site req/s | bare Node req/s | % of bare | p95 (ms) | p99 (ms) | p99 at 70 % (ms) | bare p99 at that rate (ms) | failed |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const failed = Math.max(row.site.failed, row.held.failed, row.bare.failed);
    console.log(
      `| ${row.route} | ${row.microCache} | ${row.bytes} | ${row.site.rate.toFixed(0)} | ${row.bare.rate.toFixed(0)} | ` +
        `${((row.site.rate / row.bare.rate) * 100).toFixed(0)} % | ${ms(row.site.p95)} | ${ms(row.site.p99)} | ` +
        `${ms(row.held.p99)} (at ${row.held.target}/s) | ${ms(row.bareHeld.p99)} | ${(failed * 100).toFixed(2)} % |`,
    );
  }
}

async function main(): Promise<void> {
  if (!process.env.K6_BIN)
    throw new Error('K6_BIN is not set: run eval "$(infra/local/pulse-local env)" first');
  const frontends = path.resolve(process.env.FRONTENDS_DIR ?? 'frontends');
  if (!fs.existsSync(path.join(frontends, 'shell', 'dist', 'index.html'))) {
    console.error(
      '… building the front ends (bash frontends/build-all.sh): /article/{id} is rendered into the shell',
    );
    const build = spawn('bash', ['frontends/build-all.sh'], { stdio: 'inherit' });
    const code = await new Promise((resolve) => build.once('exit', resolve));
    if (code !== 0) throw new Error('the front-end build failed');
  }
  process.env.FRONTENDS_DIR = frontends;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-reads-'));
  const loads = [
    os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' '),
  ];
  const rows: Row[] = [];
  try {
    const settings = { on: [1000], off: [0], both: [1000, 0] }[MICROCACHE];
    if (!settings) throw new Error(`MICROCACHE: expected on, off or both, got ${MICROCACHE}`);
    for (const microCacheMs of settings) await measure(microCacheMs, root, rows);
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
