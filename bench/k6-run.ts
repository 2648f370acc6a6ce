/**
 * Running a k6 script from a bench (bench/content-detail.ts, bench/trending-hot-topics.ts) and printing
 * its summary as the README's table. k6 comes from K6_BIN (infra/local/pulse-local env installs it).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface K6Summary {
  metrics: Record<string, Record<string, number> & { values?: Record<string, number> }>;
}

/**
 * Runs `script` with `env` as `-e` variables, exporting its summary to `summaryPath`; resolves the exit code.
 * `printSummary: false` keeps k6's own end-of-test summary off the terminal (a bench printing its own table).
 */
export function runK6(
  script: string,
  summaryPath: string,
  env: Record<string, string | number>,
  printSummary = true,
): Promise<number> {
  const k6 = process.env.K6_BIN;
  if (!k6)
    throw new Error(
      'K6_BIN is not set: run `eval "$(infra/local/pulse-local env)"` (infra/local installs k6)',
    );
  const args = ['run', '--quiet', '--summary-export', summaryPath];
  for (const [key, value] of Object.entries(env)) args.push('-e', `${key}=${value}`);
  const child = spawn(k6, [...args, script], {
    stdio: ['ignore', printSummary ? 'inherit' : 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

/**
 * Prints the summary at `summaryPath` as one markdown row under `heading`: request count and rate,
 * the latency percentiles of `durationMetric` (a tagged http_req_duration) and the failure rate.
 */
export function printK6Table(
  summaryPath: string,
  durationMetric: string,
  heading: string,
  code: number,
): void {
  const summary = JSON.parse(fs.readFileSync(summaryPath, 'utf8')) as K6Summary;
  const metric = (name: string) => summary.metrics[name]?.values ?? summary.metrics[name] ?? {};
  const duration = metric(durationMetric);
  const requests = metric('http_reqs');
  const failed = metric('http_req_failed');
  const ms = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(1));
  console.log(`\n${heading} (${os.cpus().length} CPUs shared with k6, Node ${process.version})\n`);
  console.log('| requests | req/s | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) | failed |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${requests.count} | ${requests.rate?.toFixed(0)} | ${ms(duration.med)} | ${ms(duration['p(95)'])} | ${ms(duration['p(99)'])} | ${ms(duration.max)} | ${((failed.rate ?? failed.value ?? 0) * 100).toFixed(2)} % |`,
  );
  if (code !== 0) console.log(`\nk6 exited with ${code} (a threshold failed: p95 < 250 ms, failures < 1 %).`);
}

/** Where a bench's k6 summary goes: inside its scratch directory, removed with it. */
export const summaryPathIn = (root: string): string => path.join(root, 'k6-summary.json');
