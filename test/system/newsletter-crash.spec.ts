import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { linkIn, startSmtpSink, type SmtpSink } from '@pulse/newsletter/testing/smtp-sink';
import { startTrendingStub } from '@pulse/newsletter/testing/trending-stub';
import { eventually } from '@pulse/testing';
import { freePort, startTs, untilReady, type RunningProcess } from '../support/processes';

const SUBSCRIBERS = 40;
const CONCURRENCY = 4;
const ADMIN_TOKEN = 'crash-test-admin-token-0123';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };

/**
 * An edition survives a crash: the newsletter service as its own process, SIGKILLed in the middle of an edition and
 * started again on the same data, mails every subscriber exactly once (counted at a real SMTP server).
 * The kill comes while every sender worker has a mail in flight (the sink holds its answer), which is
 * the moment a sender that marked mails sent before sending would lose them, and one that never marked
 * them would send them twice.
 */
describe('newsletter sender: SIGKILL mid-edition, restart, one mail per subscriber', () => {
  let sink: SmtpSink;
  let trending: Awaited<ReturnType<typeof startTrendingStub>>;
  let dataDir: string;
  let service: RunningProcess | undefined;
  let base: string;

  const start = async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    service = startTs('services/newsletter/src/main.ts', {
      PORT: String(port),
      PULSE_DATA_DIR: dataDir,
      MAIL_DRIVER: 'smtp',
      SMTP_URL: sink.url,
      ADMIN_TOKEN,
      PUBLIC_SITE_URL: 'https://pulse.example',
      NEWSLETTER_TRENDING_URL: trending.url,
      NEWSLETTER_SCHEDULE: 'off',
      NEWSLETTER_SEND_RATE_PER_SECOND: '100',
      NEWSLETTER_SEND_CONCURRENCY: String(CONCURRENCY),
      NEWSLETTER_SEND_LEASE_SECONDS: '2',
      NEWSLETTER_SUBSCRIBES_PER_IP_HOUR: '100000',
    });
    await untilReady(service, base);
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    trending = await startTrendingStub();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-newsletter-crash-'));
    await start();
  });
  afterAll(async () => {
    await service?.stop();
    await sink.stop();
    await trending.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends each subscriber exactly one digest', async () => {
    const addresses = Array.from(
      { length: SUBSCRIBERS },
      (_, i) => `reader${String(i).padStart(3, '0')}@example.com`,
    );
    for (const email of addresses) {
      const response = await fetch(`${base}/api/subscribers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(response.status).toBe(202);
    }
    const confirmations = await eventually(async () => {
      const mails = await sink.mails();
      expect(mails).toHaveLength(SUBSCRIBERS);
      return mails;
    });
    for (const mail of confirmations) {
      const token = new URL(linkIn(mail, '/newsletter/confirm')).searchParams.get('token')!;
      const response = await fetch(`${base}/newsletter/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }).toString(),
      });
      expect(response.status).toBe(200);
    }

    const digests = async () => (await sink.mails()).filter((mail) => mail.parsed.subject?.includes('주간'));
    const send = await fetch(`${base}/api/newsletter/admin/editions`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ kind: 'weekly' }),
    });
    expect(send.status).toBe(201);
    const editionId = ((await send.json()) as { edition: { id: string } }).edition.id;
    // Mid-edition: some digests delivered, then every worker caught with one in flight.
    await eventually(async () => expect((await digests()).length).toBeGreaterThanOrEqual(8), {
      timeoutMs: 30_000,
    });
    sink.hold();
    await eventually(() => expect(sink.heldCount()).toBe(CONCURRENCY), { timeoutMs: 30_000 });
    const deliveredBeforeKill = (await digests()).length;
    expect(deliveredBeforeKill).toBeLessThan(SUBSCRIBERS);
    service!.child.kill('SIGKILL');
    expect((await service!.exited).signal).toBe('SIGKILL');
    sink.dropHeld();

    await start();
    const progress = async () =>
      (await (
        await fetch(`${base}/api/newsletter/admin/editions/${editionId}`, { headers: admin })
      ).json()) as {
        sends: Record<string, number>;
      };
    await eventually(
      async () =>
        expect((await progress()).sends).toMatchObject({ sent: SUBSCRIBERS, queued: 0, claimed: 0 }),
      {
        timeoutMs: 60_000,
        intervalMs: 200,
      },
    );
    const received = (await digests()).map((mail) => mail.to).sort();
    expect(received).toEqual(addresses);
  });
});
