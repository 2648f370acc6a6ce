import { eventually } from '@pulse/testing';
import { sendId, type SendRecord } from '../sending/send.record';
import { SendsRepository } from '../sending/sends.repository';
import type { SubscriberRecord } from '../subscribers/subscriber.record';
import {
  admin,
  startNewsletterTestApp,
  testClock,
  type NewsletterTestApp,
} from '../../testing/newsletter-test-app';
import type { EditionRecord } from './edition.record';
import { EditionsService } from './editions.service';

const EDITION = 'weekly-2026-03-02';
const T0 = '2026-03-02T00:00:00.000Z';
const ids = ['sub-1', 'sub-2', 'sub-3', 'sub-4', 'sub-5'];

/** Confirmed weekly subscribers written straight into the store, as an import would. */
async function seedSubscribers(t: NewsletterTestApp): Promise<void> {
  await t.store.collection<SubscriberRecord>('newsletter_subscribers').insertMany(
    ids.map((id) => ({
      _id: id,
      email: `${id}@example.com`,
      status: 'confirmed',
      categories: ['gen-ai', 'blockchain', 'big-tech'],
      frequency: 'weekly',
      createdAt: T0,
      updatedAt: T0,
      confirmedAt: T0,
    })),
  );
}

const progress = async (t: NewsletterTestApp) =>
  (await t.request('GET', `/api/newsletter/admin/editions/${EDITION}`, { headers: admin })).body as {
    edition: { recipients: number; enqueue: string };
    sends: Record<SendRecord['status'], number>;
  };

/** The send streams (docs/services.md 'The newsletter'): a page is queued only once the last one is nearly out. */
describe('edition enqueue: pages paced by the senders', () => {
  let t: NewsletterTestApp;
  beforeAll(async () => {
    // No sender here: the test settles mails itself, so it decides when the walk may go on.
    t = await startNewsletterTestApp({
      clock: testClock(),
      env: { NEWSLETTER_SENDER: 'off', NEWSLETTER_SEND_PAGE_SIZE: '2' },
    });
    await seedSubscribers(t);
  });
  afterAll(() => t.close());

  it('queues one page, and the next only once fewer than a page of mails are unsettled', async () => {
    const sends = t.app.get(SendsRepository);
    const settle = async (n: number) => {
      for (const send of await sends.claimBatch('test:1', T0, '2026-03-02T00:02:00.000Z', n))
        await sends.settle(send._id, 'test:1', { status: 'sent', dueAt: T0 });
    };
    const sent = await t.request('POST', '/api/newsletter/admin/editions', {
      json: { kind: 'weekly' },
      headers: admin,
    });
    expect(sent.status).toBe(201);
    expect(sent.body.edition).toMatchObject({ recipients: 2, enqueue: 'running' });
    expect(sent.body.sends).toMatchObject({ queued: 2, sent: 0 });

    // One of two out: one left, under a page, so the walk queues the next two.
    await settle(1);
    await eventually(async () =>
      expect(await progress(t)).toMatchObject({
        edition: { recipients: 4 },
        sends: { queued: 3, sent: 1 },
      }),
    );
    await settle(2);
    await eventually(async () =>
      expect(await progress(t)).toMatchObject({ edition: { recipients: 5 }, sends: { queued: 2, sent: 3 } }),
    );
    await settle(2);
    await eventually(async () =>
      expect(await progress(t)).toMatchObject({
        edition: { recipients: 5, enqueue: 'done' },
        sends: { queued: 0, sent: 5 },
      }),
    );
  });
});

/**
 * Exactly once across a page boundary: a walker that died after writing a page's records but before
 * moving its cursor past them leaves records the resumed walk meets again.
 */
describe('edition enqueue: resumed at a page boundary', () => {
  let t: NewsletterTestApp;
  beforeAll(async () => {
    t = await startNewsletterTestApp({ clock: testClock(), env: { NEWSLETTER_SEND_PAGE_SIZE: '2' } });
  });
  afterAll(() => t.close());

  it('mails each subscriber once and counts each once', async () => {
    // The edition as the dead walker left it: first page through sub-2 counted and mailed, the second
    // page's records (sub-3, sub-4) written, its cursor and count not yet moved, its lease run out.
    const made = await t.request('POST', '/api/newsletter/admin/editions', {
      json: { kind: 'weekly' },
      headers: admin,
    });
    expect(made.body.edition).toMatchObject({ id: EDITION, recipients: 0 });
    await seedSubscribers(t);
    await t.store.collection<EditionRecord>('newsletter_editions').updateOne(
      { _id: EDITION },
      {
        $set: {
          enqueue: 'running',
          enqueuedThrough: 'sub-2',
          recipients: 2,
          enqueuedBy: 'sender-dead',
          enqueueLeaseUntil: '2026-03-01T23:59:00.000Z',
        },
      },
    );
    const record = (id: string, status: SendRecord['status']): SendRecord => ({
      _id: sendId(EDITION, id),
      editionId: EDITION,
      subscriberId: id,
      status,
      dueAt: T0,
      attempts: status === 'sent' ? 1 : 0,
    });
    await t.store
      .collection<SendRecord>('newsletter_sends')
      .insertMany([
        record('sub-1', 'sent'),
        record('sub-2', 'sent'),
        record('sub-3', 'queued'),
        record('sub-4', 'queued'),
      ]);

    await t.app.get(EditionsService).resumeStalled();
    await eventually(async () =>
      expect(await progress(t)).toMatchObject({
        edition: { recipients: 5, enqueue: 'done' },
        sends: { queued: 0, claimed: 0, sent: 5 },
      }),
    );
    const records = await t.store
      .collection<SendRecord>('newsletter_sends')
      .find({ editionId: EDITION }, { projection: { subscriberId: 1 } });
    expect(records.map((send) => send.subscriberId)).toEqual(ids);
    const digests = (await t.smtp.mails()).filter((mail) => mail.parsed.subject?.includes('주간'));
    expect(digests.map((mail) => mail.to).sort()).toEqual([
      'sub-3@example.com',
      'sub-4@example.com',
      'sub-5@example.com',
    ]);
  });
});
