/**
 * Starting and stopping the site for the benches (`npm run bench:reads`, `npm run bench:soak`), as child processes on free
 * ports with a throw-away PULSE_DATA_DIR and the rate limits raised out of the way (one load generator on
 * one address would otherwise measure the limiter):
 *   embedded: the whole site in one process (embedded/src/main.ts), its demo corpus as the data;
 *   local:    content, trending, community and translation (which loads the demo corpus) each in their own
 *             process over Kafka, the MongoDB-compatible server and Redis, behind the gateway process.
 * `{ raiseLimits: false }` keeps every abuse limit at its default (`npm run bench:mixed`, whose load
 * generator spreads its readers over many loopback addresses instead).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '@pulse/testing';

export type SiteMode = 'embedded' | 'local';

export interface RunningSite {
  baseUrl: string;
  /** Each process of the site by name (site, or content, trending, community, translation, gateway), e.g. for memory. */
  pids: Record<string, number>;
  /** Local mode: the site's Kafka brokers and its consumer groups' prefix (BUS_GROUP_PREFIX). */
  bus?: { brokers: string[]; groupPrefix: string };
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '..', '..');

/** A TypeScript entry point as a child process, its output into `log`. */
export function startTs(entry: string, env: Record<string, string>, log: string, nodeArgs: string[] = []) {
  const out = fs.openSync(log, 'a');
  return spawn(process.execPath, [...nodeArgs, '-r', '@swc-node/register', entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** Polls `check` until it resolves true, failing after `timeoutMs` or once a child has exited. */
export async function until(
  what: string,
  check: () => Promise<boolean>,
  children: readonly ChildProcess[],
  timeoutMs: number,
  logs: readonly string[],
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    const exited = children.find((child) => child.exitCode !== null);
    if (exited || Date.now() > deadline) {
      for (const log of logs) console.error(fs.readFileSync(log, 'utf8').slice(-4000));
      throw new Error(exited ? `a site process exited while waiting for ${what}` : `${what}: timed out`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * Starts the site in `mode` with `env` on top of the bench's; resolves once the gateway's /readyz is 200.
 * SITE_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) go to the gateway's (embedded: the site's)
 * node.
 */
export async function startSite(
  mode: SiteMode,
  dataDir: string,
  env: Record<string, string>,
  options: { raiseLimits?: boolean } = {},
): Promise<RunningSite> {
  const port = await freePort();
  const nodeArgs = (process.env.SITE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const raised: Record<string, string> =
    options.raiseLimits === false
      ? {}
      : { RATE_LIMIT_READ_PER_MIN: '1000000', RATE_LIMIT_WRITE_PER_MIN: '1000000' };
  const common = {
    ...raised,
    LOG_LEVEL: 'warn',
    LOG_PRETTY: 'false',
    PULSE_DATA_DIR: dataDir,
    ...env,
  };
  const children: ChildProcess[] = [];
  const names: string[] = [];
  let busSettings: RunningSite['bus'];
  const logs: string[] = [];
  if (mode === 'embedded') {
    logs.push(path.join(dataDir, 'site.log'));
    children.push(startTs('embedded/src/main.ts', { ...common, PORT: String(port) }, logs[0], nodeArgs));
    names.push('site');
  } else {
    const run = `${Date.now()}`;
    const need = (name: string) => {
      const value = process.env[name];
      if (!value) throw new Error(`${name} is not set: run eval "$(infra/local/pulse-local env)" first`);
      return value;
    };
    const infra = {
      BUS_DRIVER: 'kafka',
      KAFKA_BROKERS: need('PULSE_TEST_KAFKA_BROKERS'),
      BUS_GROUP_PREFIX: `bench-reads-${run}.`,
      STORE_DRIVER: 'mongo',
      MONGO_URL: need('PULSE_TEST_MONGO_URL').replace(/\/[^/]*$/, `/pulse_bench_reads_${run}`),
      CACHE_DRIVER: 'redis',
      REDIS_URL: need('PULSE_TEST_REDIS_URL'),
      CACHE_KEY_PREFIX: `pulse-bench-reads-${run}:`,
    };
    busSettings = { brokers: infra.KAFKA_BROKERS.split(','), groupPrefix: infra.BUS_GROUP_PREFIX };
    const urls: Record<string, string> = {};
    for (const service of ['content', 'trending', 'community', 'translation']) {
      const servicePort = await freePort();
      urls[`${service.toUpperCase()}_URL`] = `http://127.0.0.1:${servicePort}`;
      const log = path.join(dataDir, `${service}.log`);
      logs.push(log);
      // Community checks a comment's article against content's read API (content is started first).
      const extra: Record<string, string> =
        service === 'translation'
          ? { DEMO_CORPUS: 'true' }
          : service === 'community'
            ? { COMMUNITY_CONTENT_URL: urls.CONTENT_URL }
            : {};
      children.push(
        startTs(
          `services/${service}/src/main.ts`,
          { ...common, ...infra, ...extra, PORT: String(servicePort) },
          log,
        ),
      );
      names.push(service);
    }
    const log = path.join(dataDir, 'gateway.log');
    logs.push(log);
    children.push(
      startTs('gateway/src/main.ts', { ...common, ...infra, ...urls, PORT: String(port) }, log, nodeArgs),
    );
    names.push('gateway');
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await Promise.all(children.map((child) => stopChild(child)));
  };
  try {
    // Local: the gateway is ready once content, trending, community and translation are; the others are
    // not started.
    const probes = mode === 'embedded' ? ['/readyz'] : ['/api/content/news', '/api/community/badges'];
    await until(
      'the site',
      async () => {
        for (const probe of probes) if ((await fetch(baseUrl + probe)).status !== 200) return false;
        return true;
      },
      children,
      180_000,
      logs,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    pids: Object.fromEntries(names.map((name, i) => [name, children[i].pid!])),
    ...(busSettings ? { bus: busSettings } : {}),
    stop,
  };
}
