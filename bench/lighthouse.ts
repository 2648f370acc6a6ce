/**
 * Lighthouse 12 (mobile, its default form factor and throttling) on the home page and on an article of
 * the embedded site (issue 6): starts `embedded/src/main.ts` on a free port with a fresh data folder (the
 * demo corpus fills it), waits until the home's latest-news call lists articles, picks the newest, and
 * runs the Lighthouse CLI in Debian's Chromium (CHROMIUM_BIN) on both URLs. Prints performance,
 * accessibility, SEO and best-practices scores, LCP, CLS, and the JavaScript transferred for the home
 * page; the full reports stay in bench/.reports/lighthouse-*.json.
 *
 *   eval "$(infra/local/pulse-local env)"; npm run bench:lighthouse
 *
 * Front ends must be built first (`bash frontends/build-all.sh`; `npm start` and `npm test` do it).
 * Lighthouse runs on loopback, so network latency is simulated (its default 'simulate' throttling).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
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

function summarise(name: string, report: LighthouseReport) {
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const items = report.audits['network-requests']?.details?.items ?? [];
  const scriptBytes = items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    name,
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? NaN),
    cls: Number((report.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    scriptKb: Number((scriptBytes / 1024).toFixed(1)),
  };
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
    const articleId = await until(
      'the demo corpus reaching the news list',
      async () => {
        const response = await fetch(`${base}/api/content/news?limit=12&offset=0`);
        const body = (await response.json()) as { articles?: Array<{ id: string }> };
        return body.articles?.[0]?.id;
      },
      120_000,
    );
    const rows = [
      summarise('home', await lighthouse(`${base}/`, 'home')),
      summarise('article', await lighthouse(`${base}/article/${articleId}`, 'article')),
    ];
    console.log(
      `\nLighthouse ${require('lighthouse/package.json').version} (mobile, simulated throttling), embedded site ` +
        `on loopback, Debian Chromium, ${os.cpus().length} CPUs\n`,
    );
    console.log(
      '| page | performance | accessibility | SEO | best practices | LCP (ms) | CLS | JS transferred (KB) |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of rows)
      console.log(
        `| ${row.name} | ${row.performance} | ${row.accessibility} | ${row.seo} | ${row.bestPractices} | ${row.lcpMs} | ${row.cls} | ${row.scriptKb} |`,
      );
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
