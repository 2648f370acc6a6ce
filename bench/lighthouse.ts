/**
 * Lighthouse (mobile, its default form factor and throttling) on each page type of the embedded site:
 * home, article, category, search, trending, tech analysis and a question (@pulse/testing
 * page-types.ts finds each URL through the site's API; the question is asked by a fresh nickname), and the
 * Q&A list. Starts
 * `embedded/src/main.ts` on a free port with a fresh data folder (the demo corpus fills it), waits until
 * the news list has articles, then runs the Lighthouse CLI in Debian's Chromium (CHROMIUM_BIN) RUNS times
 * per page and prints the median of each figure: performance, accessibility, SEO and best-practices
 * scores, FCP, LCP, total blocking time, CLS and the JavaScript transferred, with the range of the
 * performance score. The full reports stay in bench/.reports/lighthouse-*.json.
 *
 *   eval "$(infra/local/pulse-local env)"; npm run bench:lighthouse
 *
 * Settings: RUNS (5), PAGES (a comma-separated subset of the page types' names, e.g. `home,article`).
 *
 * Front ends must be built first (`bash frontends/build-all.sh`; `npm start` and `npm test` do it).
 * Lighthouse runs on loopback, so network latency is simulated (its default 'simulate' throttling).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { PAGE_PATHS, type SiteApi } from '@pulse/testing/src/page-types';

const ROOT = path.resolve(__dirname, '..');
/** The page types, and the Q&A list (the qa remote's first page), whose figures the pages' aims name too. */
const MEASURED = [...PAGE_PATHS, { name: 'questions', path: async () => '/community/qa' }];
const RUNS = Number(process.env.RUNS ?? 5);
const SELECTED = process.env.PAGES?.split(',').map((name) => name.trim());
const REPORTS = path.join(__dirname, '.reports');

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: Array<{ resourceType?: string; transferSize?: number }> } }
  >;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function lighthouse(url: string, name: string): Promise<LighthouseReport> {
  const chromium = process.env.CHROMIUM_BIN;
  if (!chromium) throw new Error('CHROMIUM_BIN is not set: run `eval "$(infra/local/pulse-local env)"`');
  const output = path.join(REPORTS, `lighthouse-${name}.json`);
  const cli = require.resolve('lighthouse/cli/index.js');
  const code = await run(
    process.execPath,
    [
      cli,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,accessibility,seo,best-practices',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
    ],
    { ...process.env, CHROME_PATH: chromium },
  );
  if (code !== 0) throw new Error(`lighthouse exited with ${code} for ${url}`);
  return JSON.parse(fs.readFileSync(output, 'utf8')) as LighthouseReport;
}

type Figures = ReturnType<typeof figuresOf>;

/**
 * One Lighthouse run, tried again (twice at most) when Lighthouse itself fails, as it now and then does on
 * a loaded machine ("NO_NAVSTART": it lost the page load's trace); a failed run says nothing of the page.
 */
async function lighthouseOnce(url: string, name: string): Promise<LighthouseReport> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouse(url, name);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`… ${name}: Lighthouse failed (${(error as Error).message}); again`);
    }
  }
}

function figuresOf(report: LighthouseReport) {
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
  const items = report.audits['network-requests']?.details?.items ?? [];
  const scriptBytes = items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    bestPractices: score('best-practices'),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    scriptKb: scriptBytes / 1024,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median of each figure over the runs, and the spread of the performance score. */
function row(name: string, runs: readonly Figures[]): string {
  const of = (key: keyof Figures) => median(runs.map((run) => run[key]));
  const scores = runs.map((run) => run.performance);
  return (
    `| ${name} | ${of('performance')} (${Math.min(...scores)}–${Math.max(...scores)}) | ${of('accessibility')} | ` +
    `${of('seo')} | ${of('bestPractices')} | ${Math.round(of('fcpMs'))} | ${Math.round(of('lcpMs'))} | ` +
    `${Math.round(of('tbtMs'))} | ${of('cls').toFixed(3)} | ${of('scriptKb').toFixed(1)} |`
  );
}

async function main(): Promise<void> {
  fs.mkdirSync(REPORTS, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-lighthouse-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const site = spawn(process.execPath, ['-r', '@swc-node/register', 'embedded/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      PULSE_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Lighthouse loads every page from one IP; the measurement is of the pages, not of the limiter.
      RATE_LIMIT_READ_PER_MIN: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await until(
      'the demo corpus reaching the news list',
      async () => {
        const response = await fetch(`${base}/api/content/news?limit=12&offset=0`);
        const body = (await response.json()) as { articles?: Array<{ id: string }> };
        return body.articles?.[0]?.id;
      },
      120_000,
    );
    const api: SiteApi = {
      url: (pathname) => base + pathname,
      api: async <T>(pathname: string, init?: RequestInit) => {
        const response = await fetch(base + pathname, init);
        if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
        return (await response.json()) as T;
      },
    };
    const types = MEASURED.filter((type) => !SELECTED || SELECTED.includes(type.name));
    if (types.length === 0) throw new Error(`PAGES names no page type (${MEASURED.map((t) => t.name)})`);
    const rows: string[] = [];
    for (const type of types) {
      const url = base + (await type.path(api));
      const runs: Figures[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const file = `${type.name.replace(/\s+/g, '-')}-${run}`;
        runs.push(figuresOf(await lighthouseOnce(url, file)));
        console.error(`… ${type.name}, run ${run} of ${RUNS}: performance ${runs.at(-1)?.performance}`);
      }
      rows.push(row(type.name, runs));
    }
    console.log(
      `\nLighthouse ${require('lighthouse/package.json').version} (mobile, simulated throttling), embedded site ` +
        `on loopback, Debian Chromium, ${os.cpus().length} CPUs; median of ${RUNS} runs per page ` +
        `(load average ${os
          .loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')} at the end)\n`,
    );
    console.log(
      '| page | performance (range) | accessibility | SEO | best practices | FCP (ms) | LCP (ms) | TBT (ms) | CLS | JS transferred (KB) |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const line of rows) console.log(line);
  } finally {
    site.kill('SIGTERM');
    await new Promise((resolve) => site.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
