/**
 * Newsletter send bench (docs/services.md 'The newsletter'): one weekly edition to N confirmed subscribers (default 100,000) into a
 * local SMTP sink (the smtp-server library, counting accepted messages, discarding their bytes). The
 * service runs in this process as embedded mode does (embedded store with fsync per write, memory cache,
 * in-process bus) with the real SMTP adapter; subscribers are written straight into its store, the edition
 * is made and queued through the admin API, and the clock runs until every send record is settled.
 * Prints mails per second (enqueue included) and the process's peak RSS.
 *
 *   node -r @swc-node/register bench/newsletter-send.ts
 *   BENCH_SUBSCRIBERS=10000 BENCH_CONCURRENCY=16 node -r @swc-node/register bench/newsletter-send.ts
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
  SmtpMailer,
} from '@pulse/platform';
import { newsletterService } from '@pulse/newsletter';
import { startTrendingStub } from '@pulse/newsletter/testing/trending-stub';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const CONCURRENCY = process.env.BENCH_CONCURRENCY ?? '16';
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
  const store = await EmbeddedDocumentStore.open({ dataDir });
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
  const editionId = send.json().edition.id as string;
  // The sink's count is free to read; the edition's progress (an aggregate over its send records) is
  // asked for only once the sink has every mail, until all are settled.
  for (;;) {
    if (accepted >= SUBSCRIBERS) {
      const progress = (
        await app.inject({
          method: 'GET',
          url: `/api/newsletter/admin/editions/${editionId}`,
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).json() as { sends: Record<string, number> };
      if (progress.sends.sent + progress.sends.failed + progress.sends.bounced >= SUBSCRIBERS) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  console.log(
    `| ${SUBSCRIBERS.toLocaleString('en')} | ${CONCURRENCY} | ${accepted.toLocaleString('en')} | ${seconds.toFixed(1)} s | ${(SUBSCRIBERS / seconds).toFixed(0)} | ${(peakRss / 2 ** 20).toFixed(0)} MiB |`,
  );
  await app.close();
  await mailer.close();
  await store.close();
  await bus.close();
  await cache.close();
  await trending.stop();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
}

void main();
