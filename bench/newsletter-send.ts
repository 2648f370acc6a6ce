/**
 * Newsletter send bench (docs/services.md 'The newsletter'): one weekly edition to N confirmed subscribers (default 100,000) into a
 * local SMTP sink (the smtp-server library, counting accepted messages, discarding their bytes). The
 * service runs in this process as embedded mode does (embedded store with fsync per write, memory cache,
 * in-process bus) with the real SMTP adapter; subscribers are written straight into its store, the edition
 * is made and queued through the admin API, and the clock runs until every send record is settled.
 * Prints mails per second (enqueue included), the process's peak RSS and the slowest read of the
 * edition's progress (asked for every BENCH_PROGRESS_EVERY_S, default 5, while the mails go out; 0 asks
 * only once the sink has every mail, as the bench did first).
 *
 * BENCH_STORE=mongo runs the same service on the local stack's MongoDB-compatible server instead
 * (PULSE_TEST_MONGO_URL, else mongodb://127.0.0.1:27027; a database of its own, dropped afterwards), so
 * the peak RSS is this process's alone, the documents being held by the server.
 *
 *   node -r @swc-node/register bench/newsletter-send.ts
 *   BENCH_SUBSCRIBERS=10000 BENCH_CONCURRENCY=16 node -r @swc-node/register bench/newsletter-send.ts
 *   BENCH_STORE=mongo npm run -s bench:newsletter
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  InProcessEventBus,
  MemoryCacheStore,
  MongoDocumentStore,
  SmtpMailer,
  type DocumentStore,
} from '@pulse/platform';
import { newsletterService } from '@pulse/newsletter';
import { startTrendingStub } from '@pulse/newsletter/testing/trending-stub';
import { dropMongoDatabase, uniqueMongoDatabaseUrl } from '@pulse/testing';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const CONCURRENCY = process.env.BENCH_CONCURRENCY ?? '16';
const STORE = process.env.BENCH_STORE ?? 'embedded';
/** How often the edition's progress is read while its mails go out (0: only once the sink has them all). */
const PROGRESS_EVERY_MS = Number(process.env.BENCH_PROGRESS_EVERY_S ?? 5) * 1000;
const TOKEN = 'bench-admin-token-0123456789';

async function main() {
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
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const smtpPort = (sink.server.address() as AddressInfo).port;
  const trending = await startTrendingStub();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-newsletter-'));
  Object.assign(process.env, {
    ADMIN_TOKEN: TOKEN,
    NEWSLETTER_TRENDING_URL: trending.url,
    NEWSLETTER_SCHEDULE: 'off',
    NEWSLETTER_SEND_RATE_PER_SECOND: '100000',
    NEWSLETTER_SEND_CONCURRENCY: CONCURRENCY,
  });
  const logger = pino({ level: 'silent' });
  if (STORE !== 'embedded' && STORE !== 'mongo') throw new Error('BENCH_STORE is embedded or mongo');
  const mongoUrl = STORE === 'mongo' ? uniqueMongoDatabaseUrl('bench_newsletter') : undefined;
  const store: DocumentStore = mongoUrl
    ? await MongoDocumentStore.connect({ url: mongoUrl, logger })
    : await EmbeddedDocumentStore.open({ dataDir });
  const bus = new InProcessEventBus();
  const cache = new MemoryCacheStore();
  const mailer = new SmtpMailer({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    from: 'Pulse <n@pulse.local>',
    logger,
  });

  const subscribers = store.collection<{ _id: string }>('newsletter_subscribers');
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

  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const app = await createServiceApp(newsletterService, { bus, store, cache, mailer }, logger);
  const started = performance.now();
  const send = await app.inject({
    method: 'POST',
    url: '/api/newsletter/admin/editions',
    headers: { authorization: `Bearer ${TOKEN}` },
    payload: { kind: 'weekly' },
  });
  if (send.statusCode !== 201) throw new Error(`the admin send answered ${send.statusCode}: ${send.body}`);
  const editionId = send.json().edition.id as string;
  let slowestProgressMs = 0;
  const progress = async () => {
    const asked = performance.now();
    const answer = await app.inject({
      method: 'GET',
      url: `/api/newsletter/admin/editions/${editionId}`,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    slowestProgressMs = Math.max(slowestProgressMs, performance.now() - asked);
    const { sends } = answer.json() as { sends: Record<string, number> };
    return sends.sent + sends.failed + sends.bounced;
  };
  // The sink's count is free to read; the edition's progress (an aggregate over its send records) is
  // read every few seconds while mails go out, as an admin watching it would, and then until all are
  // settled once the sink has every mail.
  let lastProgress = performance.now();
  for (;;) {
    if (accepted >= SUBSCRIBERS) {
      if ((await progress()) >= SUBSCRIBERS) break;
    } else if (PROGRESS_EVERY_MS > 0 && performance.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = performance.now();
      await progress();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  console.log(
    `| ${STORE} | ${SUBSCRIBERS.toLocaleString('en')} | ${CONCURRENCY} | ${accepted.toLocaleString('en')} | ${seconds.toFixed(1)} s | ${(SUBSCRIBERS / seconds).toFixed(0)} | ${(peakRss / 2 ** 20).toFixed(0)} MiB | ${slowestProgressMs.toFixed(0)} ms |`,
  );
  await app.close();
  await mailer.close();
  await store.close();
  await bus.close();
  await cache.close();
  await trending.stop();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
  if (mongoUrl) await dropMongoDatabase(mongoUrl);
  rmSync(dataDir, { recursive: true, force: true });
}

void main();
