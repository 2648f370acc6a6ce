import { eventually } from '@pulse/testing';
import { linkIn } from '../../testing/smtp-sink';
import {
  admin,
  startNewsletterTestApp,
  testClock,
  type NewsletterTestApp,
} from '../../testing/newsletter-test-app';

async function confirmed(t: NewsletterTestApp, email: string): Promise<void> {
  await t.request('POST', '/api/subscribers', { json: { email } });
  const mail = await eventually(
    async () => (await t.smtp.to(email))[0] ?? Promise.reject(new Error('no mail yet')),
  );
  const token = new URL(linkIn(mail, '/newsletter/confirm')).searchParams.get('token')!;
  expect((await t.request('POST', '/newsletter/confirm', { form: { token } })).status).toBe(200);
}

/** Sending (docs/services.md 'The newsletter'): 5xx marks bounced, 4xx retries with backoff, an edition reaches each subscriber once. */
describe('newsletter sender', () => {
  let t: NewsletterTestApp;
  const clock = testClock();
  // The sink takes the confirmation mails, then refuses digests to these two.
  let refuseDigests = false;
  beforeAll(async () => {
    t = await startNewsletterTestApp({
      clock,
      smtp: {
        refuse: (to) =>
          !refuseDigests
            ? undefined
            : to.startsWith('gone@')
              ? 550
              : to.startsWith('busy@')
                ? 451
                : undefined,
      },
    });
  });
  afterAll(() => t.close());

  it('marks a 5xx address bounced, retries a 4xx one later, and sends every edition once per subscriber', async () => {
    for (const email of ['gone@example.com', 'busy@example.com', 'fine@example.com'])
      await confirmed(t, email);
    refuseDigests = true;
    const sent = await t.request('POST', '/api/newsletter/admin/editions', {
      json: { kind: 'weekly' },
      headers: admin,
    });
    expect(sent.body.edition.recipients).toBe(3);
    const progress = () =>
      t.request('GET', '/api/newsletter/admin/editions/weekly-2026-03-02', { headers: admin });
    await eventually(async () =>
      expect((await progress()).body.sends).toMatchObject({ sent: 1, bounced: 1, queued: 1 }),
    );
    const subscribers = t.store.collection<{ _id: string; email: string; status: string }>(
      'newsletter_subscribers',
    );
    expect((await subscribers.findOne({ email: 'gone@example.com' }))?.status).toBe('bounced');

    // A second manual send of the same edition queues nothing new.
    const again = await t.request('POST', '/api/newsletter/admin/editions', {
      json: { kind: 'weekly' },
      headers: admin,
    });
    expect(again.body.edition.recipients).toBe(3);

    // The 4xx one is retried after its backoff (60 s, then 120 s…): the server now takes it.
    refuseDigests = false;
    clock.advance(61_000);
    await eventually(
      async () => expect((await progress()).body.sends).toMatchObject({ sent: 2, bounced: 1, queued: 0 }),
      { timeoutMs: 10_000 },
    );
    const digests = (await t.smtp.mails()).filter((m) => m.parsed.subject?.includes('주간'));
    expect(digests.map((m) => m.to).sort()).toEqual(['busy@example.com', 'fine@example.com']);

    // A bounced address is not queued for the next edition.
    clock.advance(7 * 24 * 60 * 60 * 1000);
    const next = await t.request('POST', '/api/newsletter/admin/editions', {
      json: { kind: 'weekly' },
      headers: admin,
    });
    expect(next.body.edition.recipients).toBe(2);
  });
});
