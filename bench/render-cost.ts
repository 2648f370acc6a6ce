/**
 * What one server render of a page costs (docs/benchmarks.md 'Server renders'): the shell's server bundle
 * loaded here, as the gateway loads it, rendering `/` and `/article/{id}` one after the other, its API reads
 * answered from memory (read once from an embedded site with every cache off), so the figure is the
 * render's own CPU time: React, the seed's serialising, the head's description. The CPU time of this
 * process (process.cpuUsage) is counted, not the wall clock, so a machine busy with other work changes it
 * little. With several BUNDLES (a bundle built from another commit copied aside) each is measured in turn,
 * and what they render (markup, seed, description) is compared byte for byte, the seed's timestamps aside.
 *
 *   npm run bench:render-cost
 *   BUNDLES=/tmp/old/render.js,frontends/shell/dist/server/render.js npm run bench:render-cost
 *
 * Settings: BUNDLES (comma-separated server bundles; frontends/shell/dist/server/render.js by default),
 * RENDERS (300 per page and bundle, after 50 unrecorded).
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PageRead } from '@pulse/contracts';
import { startSite } from './support/site';

const BUNDLES = (process.env.BUNDLES ?? 'frontends/shell/dist/server/render.js')
  .split(',')
  .map((file) => path.resolve(file.trim()));
const RENDERS = Number(process.env.RENDERS ?? 300);
const WARMUP_RENDERS = 50;
const SITE_URL = 'https://pulse.example';

type ReadApi = (apiPath: string) => Promise<PageRead | undefined>;
interface Bundle {
  renderPage(input: { url: string; readApi: ReadApi; siteUrl: string }): Promise<unknown>;
}

/** The site's answers, each read once: the renders measured then read memory. */
function memoryReads(baseUrl: string): ReadApi {
  const answers = new Map<string, Promise<PageRead | undefined>>();
  return (apiPath) => {
    let answer = answers.get(apiPath);
    if (!answer) {
      answer = fetch(baseUrl + apiPath).then(async (response) =>
        response.status === 200
          ? { status: 200 as const, body: (await response.json()) as unknown }
          : [400, 404, 410].includes(response.status)
            ? { status: response.status as 400 | 404 | 410 }
            : undefined,
      );
      answers.set(apiPath, answer);
    }
    return answer;
  };
}

async function measure(bundle: Bundle, url: string, readApi: ReadApi) {
  for (let i = 0; i < WARMUP_RENDERS; i++) await bundle.renderPage({ url, readApi, siteUrl: SITE_URL });
  const walls: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < RENDERS; i++) {
    const start = process.hrtime.bigint();
    await bundle.renderPage({ url, readApi, siteUrl: SITE_URL });
    walls.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const cpu = process.cpuUsage(cpuBefore);
  walls.sort((a, b) => a - b);
  // The seed stamps its answers with the time they were read and dehydrated (epoch milliseconds).
  const output = JSON.stringify(await bundle.renderPage({ url, readApi, siteUrl: SITE_URL })).replace(
    /\b1\d{12}\b/g,
    '<time>',
  );
  return {
    cpuMs: (cpu.user + cpu.system) / 1000 / RENDERS,
    p50: walls[Math.floor(walls.length / 2)],
    p99: walls[Math.floor(walls.length * 0.99)],
    output,
  };
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-render-'));
  const site = await startSite('embedded', root, {
    GATEWAY_MICROCACHE_MS: '0',
    GATEWAY_DOCUMENT_CACHE_MS: '0',
    GATEWAY_STALE_MS: '0',
  });
  const loads = [os.loadavg()[0].toFixed(2)];
  const rows: string[] = [];
  try {
    const list = (await (await fetch(`${site.baseUrl}/api/content/news`)).json()) as {
      articles: { id: string }[];
    };
    const id = list.articles[0]?.id;
    if (!id) throw new Error('no articles in /api/content/news');
    const readApi = memoryReads(site.baseUrl);
    for (const url of ['/', `/article/${id}`]) {
      let first: string | undefined;
      for (const file of BUNDLES) {
        const bundle = createRequire(file)(file) as Bundle;
        const figures = await measure(bundle, url, readApi);
        first ??= figures.output;
        rows.push(
          `| ${url.replace(id, '{id}')} | ${path.relative(process.cwd(), file)} | ${figures.cpuMs.toFixed(2)} | ` +
            `${figures.p50.toFixed(2)} | ${figures.p99.toFixed(2)} | ${figures.output === first ? 'same' : 'DIFFERENT'} |`,
        );
      }
    }
  } finally {
    await site.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
  loads.push(os.loadavg()[0].toFixed(2));
  console.log(
    `\nServer renders, ${RENDERS} per page and bundle (Node ${process.version}, ${os.cpus().length} CPUs, ` +
      `load average ${loads.join(' → ')})\n`,
  );
  console.log(
    '| page | bundle | CPU per render (ms) | wall p50 (ms) | wall p99 (ms) | output vs the first bundle |',
  );
  console.log('|---|---|---:|---:|---:|---|');
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
