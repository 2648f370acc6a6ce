import { eventually } from '@pulse/testing';
import { linkIn } from '../../testing/smtp-sink';
import {
  admin,
  startNewsletterTestApp,
  testClock,
  type NewsletterTestApp,
} from '../../testing/newsletter-test-app';

describe('GET /api/newsletter/admin/subscribers', () => {
  let t: NewsletterTestApp;
  // Monday 2026-03-02 09:00 Seoul: an hour after both editions fell due.
  const clock = testClock('2026-03-02T00:00:00.000Z');
  beforeAll(async () => {
    t = await startNewsletterTestApp({ clock });
  });
  afterAll(() => t.close());

  const overview = () => t.request('GET', '/api/newsletter/admin/subscribers', { headers: admin });

  it('counts subscribers by state as they sign up and confirm, and says when the schedule mails next', async () => {
    const empty = await overview();
    expect(empty.status).toBe(200);
    expect(empty.headers['cache-control']).toBe('no-store');
    expect(empty.body).toEqual({
      subscribers: { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 },
      // The test app runs with NEWSLETTER_SCHEDULE=off; 08:00 Seoul is 23:00 UTC the day before.
      schedule: {
        on: false,
        next: { daily: '2026-03-02T23:00:00.000Z', weekly: '2026-03-08T23:00:00.000Z' },
      },
    });

    await t.request('POST', '/api/subscribers', { json: { email: 'first@example.com' } });
    await t.request('POST', '/api/subscribers', { json: { email: 'second@example.com' } });
    const mail = await eventually(
      async () => (await t.smtp.to('first@example.com'))[0] ?? Promise.reject(new Error('no mail yet')),
    );
    const token = new URL(linkIn(mail, '/newsletter/confirm')).searchParams.get('token')!;
    await t.request('POST', '/newsletter/confirm', { form: { token } });

    expect((await overview()).body.subscribers).toEqual({
      pending: 1,
      confirmed: 1,
      unsubscribed: 0,
      bounced: 0,
    });
  });

  it('is for the admin only', async () => {
    expect((await t.request('GET', '/api/newsletter/admin/subscribers')).status).toBe(401);
  });
});
