/**
 * Newsletter send bench (docs/services.md 'The newsletter'): one weekly edition to N confirmed subscribers (default 100,000) into a
 * local SMTP sink (the smtp-server library, counting accepted messages, discarding their bytes).
 *
 * The service runs as production runs it: its own process, compiled to JavaScript first
 * (scripts/build-server.js into dist/bench-newsletter, replaced on every run), with the real SMTP adapter,
 * the in-process bus and the memory cache, and the store of BENCH_STORE: `embedded` (default; fsync per
 * write) or `mongo`, the local stack's MongoDB-compatible server (PULSE_TEST_MONGO_URL, else
 * mongodb://127.0.0.1:27027; a database of its own, dropped afterwards). Subscribers are written straight
 * into that store before the service starts; the edition is made and queued through the admin API, and
 * the run ends when every send record is settled. So the peak RSS printed is the service's alone (the
 * kernel's high-water mark, VmHWM), not the sink's, the seeding's or a TypeScript loader's.
 *
 * Prints mails per second (enqueue included), the service's RSS once ready (its subscribers loaded, on
 * the embedded store) and at its peak, and the slowest read of the
 * edition's progress (asked for every BENCH_PROGRESS_EVERY_S, default 5, while the mails go out; 0 asks
 * only once the sink has every mail).
 *
 *   npm run -s bench:newsletter
 *   BENCH_STORE=mongo npm run -s bench:newsletter
 *   BENCH_SUBSCRIBERS=10000 BENCH_CONCURRENCY=16 npm run -s bench:newsletter
 *   BENCH_SERVICE_NODE_ARGS=--trace-gc BENCH_SERVICE_STDOUT=1 npm run -s bench:newsletter   (the service's
 *   node flags, and its standard output shown)
 *   BENCH_SERVICE_MEMORY_LIMIT=384M BENCH_SERVICE_NODE_ARGS=--max-old-space-size=256 npm run -s bench:newsletter
 *   (as root: the service in a memory cgroup of that limit, as k8s/base/newsletter.yaml runs it)
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedDocumentStore, MongoDocumentStore, type DocumentStore } from '@pulse/platform';
import { startTrendingStub } from '@pulse/newsletter/testing/trending-stub';
import { memoryCgroup } from './support/memory-cgroup';
import { undoOnStop } from './support/undo-on-stop';
import {
  SUBSCRIBER_INDEXES,
  SUBSCRIBERS as SUBSCRIBERS_COLLECTION,
} from '@pulse/newsletter/src/subscribers/subscribers.repository';
import { dropMongoDatabase, uniqueMongoDatabaseUrl } from '@pulse/testing';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const CONCURRENCY = process.env.BENCH_CONCURRENCY ?? '16';
const STORE = process.env.BENCH_STORE ?? 'embedded';
/** How often the edition's progress is read while its mails go out (0: only once the sink has them all). */
const PROGRESS_EVERY_MS = Number(process.env.BENCH_PROGRESS_EVERY_S ?? 5) * 1000;
/**
 * The service's node flags: none by default (V8 sizes its heap to the machine). `--max-old-space-size=256`
 * is what k8s/base/newsletter.yaml gives it on MongoDB; on the embedded store, which holds every
 * subscriber and send record in the heap, 100,000 of each leave that limit too little room to collect.
 */
const SERVICE_NODE_ARGS = '';
const TOKEN = 'bench-admin-token-0123456789';
const ROOT = path.resolve(__dirname, '..');
const BUILD = path.join(ROOT, 'dist', 'bench-newsletter');

async function main() {
  if (STORE !== 'embedded' && STORE !== 'mongo') throw new Error('BENCH_STORE is embedded or mongo');
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-server.js'), BUILD], { stdio: 'ignore' });

  let accepted = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        accepted += 1;
        callback();
      });
    },
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-newsletter-'));
  const mongoUrl = STORE === 'mongo' ? uniqueMongoDatabaseUrl('bench_newsletter') : undefined;
  const cgroup = process.env.BENCH_SERVICE_MEMORY_LIMIT
    ? memoryCgroup('pulse-bench-newsletter', process.env.BENCH_SERVICE_MEMORY_LIMIT)
    : undefined;
  let trending: Awaited<ReturnType<typeof startTrendingStub>> | undefined;
  let service: Service | undefined;
  // A bench that fails part-way, or is stopped, takes its service with it (one left behind kept sending to
  // a sink that was gone, at a fifth of a core, under the next run's figures), and its database, cgroup and
  // files with it.
  const undo = undoOnStop(async () => {
    if (service) await service.stop('SIGKILL');
    cgroup?.remove();
    await trending?.stop();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    if (mongoUrl) await dropMongoDatabase(mongoUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });
  process.once('exit', () => service?.process.kill('SIGKILL'));
  try {
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const smtpPort = (sink.server.address() as AddressInfo).port;
    trending = await startTrendingStub();
    await seed(dataDir, mongoUrl);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const nodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? SERVICE_NODE_ARGS).split(' ').filter(Boolean);
    const run = {
      command: process.execPath,
      args: [...nodeArgs, path.join(BUILD, 'services', 'newsletter', 'src', 'main.js')],
    };
    const { command, args } = cgroup ? cgroup.wrap(run.command, run.args) : run;
    service = startService(command, args, {
      PORT: String(port),
      PULSE_DATA_DIR: dataDir,
      ...(mongoUrl ? { STORE_DRIVER: 'mongo', MONGO_URL: mongoUrl } : { STORE_DRIVER: 'embedded' }),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      NEWSLETTER_TRENDING_URL: trending.url,
    });
    await untilReady(base, service);
    const running = service;
    const status = () => readFileSync(`/proc/${running.process.pid}/status`, 'utf8');
    const kib = (field: 'VmRSS' | 'VmHWM') => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status())![1]);
    const readyKiB = kib('VmRSS');

    const admin = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
    const started = performance.now();
    const send = await fetch(`${base}/api/newsletter/admin/editions`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ kind: 'weekly' }),
    });
    if (send.status !== 201) throw new Error(`the admin send answered ${send.status}: ${await send.text()}`);
    const editionId = ((await send.json()) as { edition: { id: string } }).edition.id;
    let slowestProgressMs = 0;
    const progress = async () => {
      const asked = performance.now();
      const answer = await fetch(`${base}/api/newsletter/admin/editions/${editionId}`, { headers: admin });
      slowestProgressMs = Math.max(slowestProgressMs, performance.now() - asked);
      const { sends } = (await answer.json()) as { sends: Record<string, number> };
      return sends.sent + sends.failed + sends.bounced;
    };
    // The sink's count is free to read; the edition's progress (an aggregate over its send records) is
    // read every few seconds while mails go out, as an admin watching it would, and then until all are
    // settled once the sink has every mail.
    let lastProgress = performance.now();
    for (;;) {
      // Killed part-way (the kernel's OOM killer in a cgroup too small): said, not waited for forever.
      if (running.exit) throw new Error(`the newsletter service ${running.exit} after ${accepted} mails`);
      if (accepted >= SUBSCRIBERS) {
        if ((await progress()) >= SUBSCRIBERS) break;
      } else if (PROGRESS_EVERY_MS > 0 && performance.now() - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = performance.now();
        await progress();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const peakKiB = kib('VmHWM');
    const mib = (k: number) => `${(k / 1024).toFixed(0)} MiB`;
    console.log(
      `| ${STORE} | ${SUBSCRIBERS.toLocaleString('en')} | ${CONCURRENCY} | ${accepted.toLocaleString('en')} | ${seconds.toFixed(1)} s | ${(SUBSCRIBERS / seconds).toFixed(0)} | ${mib(readyKiB)} | ${mib(peakKiB)} | ${slowestProgressMs.toFixed(0)} ms |`,
    );
    await running.stop('SIGTERM');
  } finally {
    await undo();
  }
}

/** The subscribers, written straight into the service's store before it starts. */
async function seed(dataDir: string, mongoUrl: string | undefined): Promise<void> {
  const logger = pino({ level: 'silent' });
  const seeding: DocumentStore = mongoUrl
    ? await MongoDocumentStore.connect({ url: mongoUrl, logger })
    : await EmbeddedDocumentStore.open({ dataDir: path.join(dataDir, 'newsletter', 'store') });
  try {
    // With the service's own indexes, kept up as the rows go in, as on a list that grew sign-up by
    // sign-up. Without them the service builds them over the whole list as it starts; the
    // MongoDB-compatible test server then holds every command behind that build, the service's health
    // checks included, and the service gave up on the store and exited.
    const subscribers = seeding.collection<{ _id: string }>(SUBSCRIBERS_COLLECTION, {
      indexes: SUBSCRIBER_INDEXES,
    });
    const at = new Date().toISOString();
    for (let i = 0; i < SUBSCRIBERS; i += 1000) {
      const batch = Array.from({ length: Math.min(1000, SUBSCRIBERS - i) }, (_, j) => ({
        _id: `bench-${String(i + j).padStart(7, '0')}`,
        email: `reader${i + j}@bench.example`,
        status: 'confirmed',
        categories: ['gen-ai', 'blockchain', 'big-tech'],
        frequency: 'weekly',
        createdAt: at,
        updatedAt: at,
        confirmedAt: at,
      }));
      await subscribers.insertMany(batch);
    }
  } finally {
    // The embedded store is one process's at a time: the service opens it next.
    await seeding.close();
  }
}

interface Service {
  process: ChildProcess;
  /** How it ended ('exited with 1', 'was killed by SIGKILL'), once it has. */
  readonly exit: string | undefined;
  stop(signal: NodeJS.Signals): Promise<void>;
}

/** The newsletter service as production runs it, with the bench's sink, stub and settings. */
function startService(command: string, args: string[], env: Record<string, string>): Service {
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', process.env.BENCH_SERVICE_STDOUT ? 'inherit' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      BUS_DRIVER: 'in-process',
      CACHE_DRIVER: 'memory',
      MAIL_DRIVER: 'smtp',
      ADMIN_TOKEN: TOKEN,
      NEWSLETTER_SCHEDULE: 'off',
      NEWSLETTER_SEND_RATE_PER_SECOND: '100000',
      NEWSLETTER_SEND_CONCURRENCY: CONCURRENCY,
      ...env,
    },
  });
  let exit: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = signal ? `was killed by ${signal}` : `exited with ${code}`;
      resolve();
    }),
  );
  return {
    process: child,
    get exit() {
      return exit;
    },
    async stop(signal) {
      if (exit === undefined) child.kill(signal);
      await exited;
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls /readyz (every adapter answers) for up to a minute; fails at once if the service exits. */
async function untilReady(base: string, service: Service): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (service.exit) throw new Error(`the newsletter service ${service.exit} while starting`);
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the newsletter service was not ready within a minute');
}

void main();
