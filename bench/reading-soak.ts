/**
 * `npm run bench:soak [-- local]`: mixed anonymous reading at a constant arrival rate for a long run
 * (bench/k6/reading-mix.js: home, article HTML and JSON, lists, a category, hot topics, search, feeds),
 * against the embedded site or the local stack (bench/support/site.ts), while every process's resident
 * memory is sampled. Writes bench/reports/soak-<mode>-<date>/: the k6 summary, the figures as markdown
 * and a PNG of latency and memory over time. Targets (issue 'High-traffic reads'): p95 < 100 ms, errors
 * < 0.1 %, no dropped iterations, resident memory at the end within 10 % of minute 2.
 * Settings: RATE (1000 requests/s), DURATION (10m), BUCKET_S (30).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runK6 } from './k6-run';
import { sampleMemory, totalAt } from './soak/memory';
import { plotSoak, type LatencyPoint } from './soak/plot';
import { eventually } from '@pulse/testing';
import { consumersCaughtUp } from './support/consumer-lag';
import { startSite } from './support/site';

const mode = process.argv.includes('local') ? 'local' : 'embedded';
const RATE = Number(process.env.RATE ?? 1000);
const DURATION = process.env.DURATION ?? '10m';
const BUCKET_S = Number(process.env.BUCKET_S ?? 30);
/** The ramp to RATE before the measured run (bench/k6/reading-mix.js); reported apart. */
const WARMUP = process.env.WARMUP ?? '30s';

/** '10m' / '90s' / '1h' → seconds. */
function seconds(duration: string): number {
  const match = /^(\d+)(s|m|h)$/.exec(duration);
  if (!match) throw new Error(`DURATION: expected e.g. 10m or 90s, got ${duration}`);
  return Number(match[1]) * { s: 1, m: 60, h: 3600 }[match[2] as 's' | 'm' | 'h'];
}

/** k6's --summary-export: each metric's figures directly under its name. */
interface Summary {
  metrics: Record<string, Record<string, number>>;
}

async function main(): Promise<void> {
  const runSeconds = seconds(DURATION);
  const buckets = Math.ceil(runSeconds / BUCKET_S) + 1;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const reportDir = path.resolve(__dirname, 'reports', `soak-${mode}-${stamp}`);
  mkdirSync(reportDir, { recursive: true });
  console.log(`starting the ${mode} site …`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `pulse-soak-${mode}-`));
  const site = await startSite(mode, dataDir, { INGESTION_SEED_DEFAULT_SOURCES: 'false' });
  let catchUp = '';
  try {
    // The sample corpus flows through the bus into content before there is anything to read.
    await eventually(
      async () => {
        const list = (await (await fetch(`${site.baseUrl}/api/content/news?limit=50`)).json()) as {
          articles?: unknown[];
        };
        if ((list.articles?.length ?? 0) < 10)
          throw new Error(`${list.articles?.length ?? 0} articles published`);
      },
      { timeoutMs: 180_000, intervalMs: 500 },
    );
    // Local: the site's new consumer groups first read the shared topics' whole history (every earlier
    // run's events); the reading is measured once they have caught up.
    if (site.bus) {
      console.log('waiting for the consumers to catch up with the topics …');
      const caughtUpS = await consumersCaughtUp(site.bus.brokers, site.bus.groupPrefix);
      console.log(`consumers caught up in ${caughtUpS.toFixed(0)} s`);
      catchUp = `; its consumers first caught up with the shared topics' history in ${caughtUpS.toFixed(0)} s`;
    }
    const memory = sampleMemory(site.pids, 5_000);
    const load0 = os.loadavg()[0];
    console.log(`k6: ${RATE} requests/s for ${DURATION} against ${site.baseUrl} …`);
    const summaryPath = path.join(reportDir, 'k6-summary.json');
    const code = await runK6(path.resolve(__dirname, 'k6/reading-mix.js'), summaryPath, {
      BASE_URL: site.baseUrl,
      RATE,
      DURATION,
      BUCKET_S,
      BUCKETS: buckets,
      WARMUP,
    });
    // Memory sampled from the warm-up's start; times from here on count from the measured run's.
    const warmupSeconds = seconds(WARMUP);
    const samples = memory
      .stop()
      .map((sample) => ({ ...sample, at: sample.at - warmupSeconds }))
      .filter((sample) => sample.at >= 0);
    const summary = JSON.parse(readFileSync(summaryPath, 'utf8')) as Summary;
    const metric = (name: string) => summary.metrics[name] ?? {};
    const latency: LatencyPoint[] = [];
    for (let bucket = 0; bucket < buckets; bucket += 1) {
      const values = summary.metrics[`mix_latency{bucket:${bucket}}`];
      if (values?.count)
        latency.push({ at: (bucket + 0.5) * BUCKET_S, p95: values['p(95)'], p99: values['p(99)'] });
    }
    // The measured run only; the warm-up before it is reported apart.
    const duration = metric('http_req_duration{scenario:reading}');
    const requests = metric('http_reqs{scenario:reading}');
    const failed = metric('http_req_failed{scenario:reading}');
    const dropped = metric('dropped_iterations{scenario:reading}').count ?? 0;
    const droppedInWarmup = metric('dropped_iterations{scenario:warmup}').count ?? 0;
    const atMinute2 = totalAt(samples, 120);
    const atEnd = totalAt(samples, samples[samples.length - 1].at);
    const growth = ((atEnd - atMinute2) / atMinute2) * 100;
    const rate = (requests.count ?? 0) / runSeconds;
    const rows = [
      `| mode | requests | req/s | p50 | p95 | p99 | errors | dropped | RSS minute 2 → end |`,
      `|---|---:|---:|---:|---:|---:|---:|---:|---:|`,
      `| ${mode} | ${requests.count} | ${rate.toFixed(0)} | ${duration.med?.toFixed(1)} ms | ${duration['p(95)']?.toFixed(1)} ms | ${duration['p(99)']?.toFixed(1)} ms | ${((failed.value ?? 0) * 100).toFixed(3)} % | ${dropped} | ${atMinute2.toFixed(0)} → ${atEnd.toFixed(0)} MiB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %) |`,
    ];
    const verdicts = [
      `p95 < 100 ms: ${(duration['p(95)'] ?? Infinity) < 100 ? 'yes' : 'NO'}`,
      `errors < 0.1 %: ${(failed.value ?? 1) < 0.001 ? 'yes' : 'NO'}`,
      `no dropped iterations: ${dropped === 0 ? 'yes' : 'NO'} (in the ${WARMUP} warm-up ramp before it: ${droppedInWarmup})`,
      `memory at the end within 10 % of minute 2: ${Math.abs(growth) <= 10 ? 'yes' : growth < 0 ? `no, it fell ${(-growth).toFixed(0)} % (the heap returned memory; no growth)` : 'NO, it grew'}`,
    ];
    const text = [
      `# Soak: ${RATE} requests/s of mixed reading for ${DURATION}, ${mode}`,
      '',
      `Command: \`RATE=${RATE} DURATION=${DURATION} WARMUP=${WARMUP} npm run bench:soak${mode === 'local' ? ' -- local' : ''}\`; ${os.cpus().length} CPUs shared by k6 and the site, Node ${process.version}, load average ${load0.toFixed(1)} at the start and ${os.loadavg()[0].toFixed(1)} at the end; k6 exit code ${code}${catchUp}.`,
      '',
      ...rows,
      '',
      ...verdicts.map((line) => `- ${line}`),
      '',
      '![latency and memory over time](plot.png)',
      '',
    ].join('\n');
    writeFileSync(path.join(reportDir, 'README.md'), text);
    writeFileSync(path.join(reportDir, 'memory.json'), JSON.stringify(samples));
    await plotSoak(
      path.join(reportDir, 'plot.png'),
      `${RATE} req/s mixed reading, ${DURATION}, ${mode} (${os.cpus().length} CPUs)`,
      latency,
      samples,
    );
    console.log(`\n${text}\nreport: ${path.relative(process.cwd(), reportDir)}`);
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
