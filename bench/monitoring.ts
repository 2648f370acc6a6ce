/**
 * `npm run bench:monitoring`: the alerts and the dashboard (k8s/components/monitoring) against a real
 * Prometheus scraping a real site under load. It starts the embedded site with its Prometheus endpoint on,
 * a Prometheus (Debian's package, PROMTOOL_BIN's neighbour) that scrapes it every 2 s and evaluates the
 * PrometheusRule's alerts, drives reading-mix.js through k6 for BENCH_SECONDS (60), then
 *   - evaluates every dashboard query and prints how many series each returns and a sample value;
 *   - shows the alerts' state;
 *   - screenshots Prometheus's own graph page for four panels and its alerts page (Chromium, CHROMIUM_BIN)
 *     into docs/screens/monitoring/.
 * Grafana is in no registry this machine reaches, so the dashboard's layout is not rendered: its queries are.
 * Settings: BENCH_SECONDS (60), RATE (k6 requests/s, 100).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@pulse/testing';
import { chromium } from 'playwright-core';
import { parseAllDocuments, stringify } from 'yaml';
import { runK6 } from './k6-run';
import { startSite, stopChild, until } from './support/site';

const ROOT = path.resolve(__dirname, '..');
const MONITORING = path.join(ROOT, 'k8s/components/monitoring');
const SCREENS = path.join(ROOT, 'docs/screens/monitoring');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RATE = Number(process.env.RATE ?? 100);

interface Panel {
  id: number;
  title: string;
  targets: Array<{ expr: string; refId: string }>;
}

const need = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run eval "$(infra/local/pulse-local env)" first`);
  return value;
};

/** Grafana's variables as Grafana would fill them for a short run. */
const asQuery = (expr: string) => expr.replaceAll('$__rate_interval', '1m').replaceAll('$service', '.+');

async function query(
  prometheus: string,
  expr: string,
): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>> {
  const response = await fetch(`${prometheus}/api/v1/query?${new URLSearchParams({ query: expr })}`);
  const body = (await response.json()) as {
    status: string;
    error?: string;
    data?: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
  };
  if (body.status !== 'success') throw new Error(`${expr}: ${body.error}`);
  return body.data!.result;
}

function startPrometheus(dir: string, port: number, target: string): ChildProcess {
  const rule = parseAllDocuments(
    fs.readFileSync(path.join(MONITORING, 'prometheus-rule.yaml'), 'utf8'),
  )[0].toJS() as {
    spec: { groups: unknown[] };
  };
  fs.writeFileSync(path.join(dir, 'rules.yaml'), stringify({ groups: rule.spec.groups }));
  // The PodMonitor's relabelling gives each series `service` and `pod`; one embedded process stands for all.
  fs.writeFileSync(
    path.join(dir, 'prometheus.yml'),
    stringify({
      global: { scrape_interval: '2s', evaluation_interval: '2s' },
      rule_files: ['rules.yaml'],
      scrape_configs: [
        {
          job_name: 'pulse',
          static_configs: [{ targets: [target], labels: { service: 'site', pod: 'site-embedded' } }],
        },
      ],
    }),
  );
  const binary = path.join(path.dirname(need('PROMTOOL_BIN')), 'prometheus');
  const log = fs.openSync(path.join(dir, 'prometheus.log'), 'a');
  return spawn(
    binary,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', log, log] },
  );
}

async function screenshots(prometheus: string, panels: Panel[]): Promise<string[]> {
  fs.mkdirSync(SCREENS, { recursive: true });
  const browser = await chromium.launch({ executablePath: need('CHROMIUM_BIN'), args: ['--no-sandbox'] });
  const written: string[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const shown = [
      'Requests per second by service',
      '95th percentile response time',
      'Event-loop delay (p99) by pod',
      'Outbox backlog',
    ];
    for (const panel of panels.filter((p) => shown.includes(p.title))) {
      const params = new URLSearchParams({
        'g0.expr': asQuery(panel.targets[0].expr),
        'g0.tab': '0',
        'g0.range_input': `${Math.max(2, Math.ceil(SECONDS / 60) + 1)}m`,
      });
      await page.goto(`${prometheus}/classic/graph?${params}`);
      await page
        .waitForSelector('.graph_area svg, .graph svg, canvas', { timeout: 15_000 })
        .catch(() => undefined);
      const file = path.join(SCREENS, `panel-${panel.id}.png`);
      await page.screenshot({ path: file, fullPage: true });
      written.push(path.relative(ROOT, file));
    }
    await page.goto(`${prometheus}/classic/alerts`);
    const file = path.join(SCREENS, 'alerts.png');
    await page.screenshot({ path: file, fullPage: true });
    written.push(path.relative(ROOT, file));
  } finally {
    await browser.close();
  }
  return written;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-monitoring-'));
  const metricsPort = await freePort();
  const promPort = await freePort();
  const prometheusUrl = `http://127.0.0.1:${promPort}`;
  const site = await startSite('embedded', dir, {
    OTEL_METRICS_EXPORTER: 'prometheus',
    OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1',
    OTEL_EXPORTER_PROMETHEUS_PORT: String(metricsPort),
  });
  const prometheus = startPrometheus(dir, promPort, `127.0.0.1:${metricsPort}`);
  try {
    await until(
      'Prometheus to scrape the site',
      async () => (await query(prometheusUrl, 'up{service="site"} == 1')).length === 1,
      [prometheus],
      60_000,
      [path.join(dir, 'prometheus.log')],
    );
    console.log(
      `site ${site.baseUrl}, metrics :${metricsPort}, Prometheus ${prometheusUrl}; k6 ${RATE}/s for ${SECONDS} s`,
    );
    const code = await runK6(
      path.join(__dirname, 'k6/reading-mix.js'),
      path.join(dir, 'k6-summary.json'),
      {
        BASE_URL: site.baseUrl,
        RATE,
        DURATION: `${SECONDS}s`,
        WARMUP: '10s',
        BUCKET_S: SECONDS,
        BUCKETS: 1,
        VUS: 50,
        MAX_VUS: 200,
      },
      false,
    );
    console.log(`k6 exited ${code}`);
    // Until a scrape taken after the last request is in.
    const loadEnded = Date.now() / 1000;
    await until(
      'a scrape after the load',
      async () => (await query(prometheusUrl, `timestamp(up{service="site"}) > ${loadEnded}`)).length === 1,
      [prometheus],
      30_000,
      [path.join(dir, 'prometheus.log')],
    );

    const dashboard = JSON.parse(fs.readFileSync(path.join(MONITORING, 'pulse-dashboard.json'), 'utf8')) as {
      panels: Panel[];
    };
    console.log('\n| panel | query | series | a value |\n|---|---|---:|---|');
    for (const panel of dashboard.panels)
      for (const target of panel.targets) {
        const result = await query(prometheusUrl, asQuery(target.expr));
        const sample = result[0] ? Number(result[0].value[1]).toPrecision(3) : '—';
        console.log(`| ${panel.title} | ${target.refId} | ${result.length} | ${sample} |`);
      }
    const alerts = (await (await fetch(`${prometheusUrl}/api/v1/rules?type=alert`)).json()) as {
      data: { groups: Array<{ rules: Array<{ name: string; state: string; health: string }> }> };
    };
    console.log('\n| alert | state | rule health |\n|---|---|---|');
    for (const rule of alerts.data.groups.flatMap((group) => group.rules))
      console.log(`| ${rule.name} | ${rule.state} | ${rule.health} |`);
    console.log(`\nscreenshots: ${(await screenshots(prometheusUrl, dashboard.panels)).join(', ')}`);
  } finally {
    await stopChild(prometheus);
    await site.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
