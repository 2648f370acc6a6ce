import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATEGORY_SLUGS, type StaffPrincipal } from '@pulse/contracts';
import { MailDropMailer } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import {
  admin,
  startNewsletterTestApp,
  testClock,
  type NewsletterTestApp,
} from '../../testing/newsletter-test-app';
import type { SubscriberRecord } from '../subscribers/subscriber.record';
import { NO_ADDRESS_MEMBER, NO_ADDRESS_TOKEN } from './edition-test-send.service';

const editor: StaffPrincipal = {
  id: 'acc-editor',
  name: 'editor-kim',
  role: 'editor',
  via: 'session',
  email: 'kim@pulse.example',
};
const owner: StaffPrincipal = {
  ...editor,
  id: 'acc-owner',
  name: 'owner-lee',
  role: 'owner',
  email: 'lee@pulse.example',
};
const moderator: StaffPrincipal = {
  ...editor,
  id: 'acc-mod',
  name: 'mod-choi',
  role: 'moderator',
  email: 'choi@pulse.example',
};
const withoutAddress: StaffPrincipal = {
  id: 'acc-park',
  name: 'editor-park',
  role: 'editor',
  via: 'session',
};

/** A confirmed reader of every category and the daily edition, written as a confirmed sign-up leaves it. */
const reader: SubscriberRecord = {
  _id: 'reader-1',
  email: 'reader@example.com',
  status: 'confirmed',
  categories: [...CATEGORY_SLUGS],
  frequency: 'daily',
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  confirmedAt: '2026-03-01T00:00:00.000Z',
};

describe('newsletter test send: an edition to the signed-in member only', () => {
  let t: NewsletterTestApp;
  let dir: string;
  let drop: MailDropMailer;
  // Monday 2026-03-02 09:00 Seoul: an hour after both editions fell due.
  const clock = testClock('2026-03-02T00:00:00.000Z');

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pulse-test-send-'));
    drop = new MailDropMailer({ dir, from: 'Pulse 펄스 <newsletter@pulse.example>' });
    t = await startNewsletterTestApp({ clock, mailer: drop, env: { NEWSLETTER_TEST_SENDS_PER_HOUR: '3' } });
    await t.store.collection<SubscriberRecord>('newsletter_subscribers').insertOne(reader);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const testSend = (staff: StaffPrincipal, id: string) =>
    t.asStaff(staff, 'POST', `/api/newsletter/admin/editions/${id}/test-send`);
  const mailsTo = async (address: string) => (await drop.list()).filter((mail) => mail.to.includes(address));

  it('mails the edition due now, as subscribers get it, prefixed, and touches nothing else', async () => {
    const preview = await t.request('GET', '/api/newsletter/admin/preview?kind=daily', { headers: admin });
    expect(preview.body.id).toBe('daily-2026-03-02');

    const sent = await testSend(editor, 'daily-2026-03-02');
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      id: 'daily-2026-03-02',
      subject: `[시험 발송] ${preview.body.subject}`,
      to: 'kim@pulse.example',
    });
    const [mail] = await mailsTo('kim@pulse.example');
    expect(mail).toMatchObject({ to: ['kim@pulse.example'], subject: `[시험 발송] ${preview.body.subject}` });
    const eml = readFileSync(path.join(dir, mail.emlFile), 'utf8');
    // No list headers: the member is no subscriber, and a one-click unsubscribe must not act on anyone.
    expect(eml).not.toMatch(/^List-Unsubscribe/im);
    // Its own Message-ID: no subscriber's copy it could be taken for.
    expect(mail.messageId).toMatch(/^<test\.daily-2026-03-02\.[\w-]+@newsletter\.pulse>$/);

    // The one mail went to the member: no reader's copy, no edition made, no send record, no recipient.
    expect((await drop.list()).map((entry) => entry.to)).toEqual([['kim@pulse.example']]);
    expect((await t.request('GET', '/api/newsletter/editions')).body.editions).toEqual([]);
    expect(await t.store.collection('newsletter_editions').countDocuments({})).toBe(0);
    expect(await t.store.collection('newsletter_sends').countDocuments({})).toBe(0);
  });

  it('mails an edition already sent as it went out, and leaves its counts as they were', async () => {
    const send = await t.request('POST', '/api/newsletter/admin/editions', {
      json: { kind: 'daily' },
      headers: admin,
    });
    expect(send.status).toBe(201);
    const settled = await eventually(async () => {
      const progress = await t.request('GET', '/api/newsletter/admin/editions/daily-2026-03-02', {
        headers: admin,
      });
      if (progress.body.sends.sent !== 1) throw new Error('not sent yet');
      return progress.body;
    });
    const [readerCopy] = await mailsTo('reader@example.com');

    expect((await testSend(owner, 'daily-2026-03-02')).status).toBe(201);
    const [ownerCopy] = await mailsTo('lee@pulse.example');
    expect(ownerCopy.subject).toBe(`[시험 발송] ${readerCopy.subject}`);
    const after = await t.request('GET', '/api/newsletter/admin/editions/daily-2026-03-02', {
      headers: admin,
    });
    expect(after.body).toEqual(settled);
    expect(await mailsTo('reader@example.com')).toHaveLength(1);
  });

  it('is for editors and owners: a moderator gets 403 and nothing is mailed', async () => {
    const refused = await testSend(moderator, 'daily-2026-03-02');
    expect(refused.status).toBe(403);
    expect(await mailsTo('choi@pulse.example')).toEqual([]);
    // Nor may a moderator send an edition to the subscribers: refused by the server, nothing goes out.
    const before = (await drop.list()).length;
    const send = await t.asStaff(moderator, 'POST', '/api/newsletter/admin/editions', { kind: 'daily' });
    expect(send.status).toBe(403);
    expect(await drop.list()).toHaveLength(before);
  });

  it('answers 400 in Korean when there is no address to send to', async () => {
    const member = await testSend(withoutAddress, 'daily-2026-03-02');
    expect(member.status).toBe(400);
    expect(member.body.message).toBe(NO_ADDRESS_MEMBER);
    const token = await t.request('POST', '/api/newsletter/admin/editions/daily-2026-03-02/test-send', {
      headers: admin,
    });
    expect(token.status).toBe(400);
    expect(token.body.message).toBe(NO_ADDRESS_TOKEN);
  });

  it('answers 404 for an id that is neither a stored edition nor the one due now', async () => {
    expect((await testSend(editor, 'daily-2020-01-01')).status).toBe(404);
    expect((await testSend(editor, 'weekly-2026-02-23')).status).toBe(404);
    expect((await testSend(editor, 'not-an-edition')).status).toBe(404);
  });

  it("limits each member's test sends per hour (429), apart from the others'", async () => {
    const tester: StaffPrincipal = { ...editor, id: 'acc-tester', email: 'tester@pulse.example' };
    for (let i = 0; i < 3; i++) expect((await testSend(tester, 'weekly-2026-03-02')).status).toBe(201);
    const limited = await testSend(tester, 'weekly-2026-03-02');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo('tester@pulse.example')).toHaveLength(3);
    expect((await testSend(owner, 'weekly-2026-03-02')).status).toBe(201);
  });
});
