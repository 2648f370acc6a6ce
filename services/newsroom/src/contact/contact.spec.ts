import {
  CONTACT_ADMIN_PATH,
  CONTACT_PATH,
  type ContactMessageView,
  type StaffActionView,
} from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import pino from 'pino';
import { admin, startNewsroomTestApp } from '../../testing/newsroom-test-app';
import type { ContactMessageRecord } from './contact-message.record';
import { SITE_BUSY, TOO_MANY_UNHANDLED } from './contact.service';

type App = Awaited<ReturnType<typeof startNewsroomTestApp>>;

const DAY_MS = 24 * 3600 * 1000;
const editor = { id: 'account-editor', name: 'editor-kim', role: 'editor' as const, via: 'session' as const };
const moderator = {
  id: 'account-mod',
  name: 'mod-park',
  role: 'moderator' as const,
  via: 'session' as const,
};
const message = {
  topic: 'correction',
  message: '기사 제목의 회사 이름 철자가 틀렸습니다.',
  replyTo: 'reader@example.com',
  name: '독자',
};

describe('newsroom: readers’ messages to the editors', () => {
  let app: App;
  beforeEach(async () => {
    app = await startNewsroomTestApp();
  });
  afterEach(() => app.close());

  const send = (json: unknown, ip = '203.0.113.9') => app.request('POST', CONTACT_PATH, { json, ip });
  const list = async (query = ''): Promise<{ items: ContactMessageView[]; total: number }> => {
    const reply = await app.request('GET', `${CONTACT_ADMIN_PATH}${query}`, { headers: admin });
    expect(reply.status).toBe(200);
    return reply.body;
  };

  it('takes a message from anyone (202), keeps it with its time and a hash of the network, and lists it for the editors', async () => {
    const reply = await send(message, '2001:db8:1:2::7');
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({ received: true });

    const page = await list();
    expect(page.total).toBe(1);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      topic: 'correction',
      message: message.message,
      replyTo: 'reader@example.com',
      name: '독자',
      status: 'new',
      createdAt: '2026-03-02T00:00:00.000Z',
      handledAt: null,
      handledBy: null,
    });
    const stored = JSON.stringify(await app.store.collection('contact_messages').find({}));
    expect(stored).not.toContain('2001:db8');
    expect(stored).toMatch(/"network":"[A-Za-z0-9_-]{22}"/);
    // Only the message and the topic are required.
    app.clock.advance(1000);
    expect((await send({ topic: 'tip', message: '  제보할 내용이 있습니다.  ', replyTo: '' })).status).toBe(
      202,
    );
    expect((await list()).items[0]).toMatchObject({
      message: '제보할 내용이 있습니다.',
      replyTo: null,
      name: null,
    });
  });

  it('answers 400 naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [
        { ...message, topic: 'complaint' },
        /^topic: topic must be one of: correction, tip, partnership, privacy, other/,
      ],
      [{ ...message, message: '짧아요' }, /^message: message must be 10 to 2000 characters/],
      [{ ...message, message: '가'.repeat(2001) }, /^message: message must be 10 to 2000 characters/],
      [{ topic: 'tip' }, /^message: /],
      [{ ...message, replyTo: 'not an address' }, /^replyTo: replyTo must be an email address/],
      [{ ...message, name: '이'.repeat(41) }, /^name: name must be at most 40 characters/],
      [{ ...message, subject: 'extra' }, /subject/],
    ];
    for (const [body, expected] of cases) {
      const reply = await send(body);
      expect({ body, status: reply.status }).toEqual({ body, status: 400 });
      expect(reply.body.message).toMatch(expected);
    }
    expect((await list()).total).toBe(0);
  });

  it('refuses a body over 16 KB with 413 before reading it', async () => {
    const reply = await send({
      ...message,
      website: '',
      message: '가'.repeat(1990),
      name: 'x'.repeat(14_000),
    });
    expect(reply.status).toBe(413);
    expect((await list()).total).toBe(0);
  });

  it('answers a filled honeypot like any message and keeps nothing', async () => {
    const reply = await send({ ...message, website: 'https://spam.example' });
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({ received: true });
    expect(await app.store.collection('contact_messages').find({})).toEqual([]);
  });

  it('limits each network (an IPv6 /64 as one) to CONTACT_PER_NETWORK_HOUR (5), then 429 with Retry-After until the next hour', async () => {
    app.clock.advance(45 * 60_000);
    for (let host = 1; host <= 5; host += 1)
      expect((await send(message, `2001:db8:aa:bb::${host}`)).status).toBe(202);
    const refused = await send(message, '2001:db8:aa:bb:ffff::1');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(15 * 60));
    expect(refused.body.message).toContain('잠시 후 다시');
    // Another /64 has its own budget; the refused one was not kept.
    expect((await send(message, '2001:db8:aa:bc::1')).status).toBe(202);
    expect((await list()).total).toBe(6);
    app.clock.advance(15 * 60_000);
    expect((await send(message, '2001:db8:aa:bb::9')).status).toBe(202);
  });

  it('takes CONTACT_PER_HOUR messages from the whole site per hour, however many networks send them, then 429 with Retry-After', async () => {
    const logged: string[] = [];
    const capped = await startNewsroomTestApp({
      env: { CONTACT_PER_HOUR: '3' },
      logger: pino({ level: 'info' }, { write: (line: string) => logged.push(line) }),
    });
    try {
      // Each from its own /64 of one /48: no network is near its own limit.
      const sendFrom = (subnet: number, json: unknown = message) =>
        capped.request('POST', CONTACT_PATH, { json, ip: `2001:db8:77:${subnet.toString(16)}::1` });
      capped.clock.advance(50 * 60_000);
      for (let subnet = 1; subnet <= 3; subnet += 1) expect((await sendFrom(subnet)).status).toBe(202);
      for (const subnet of [4, 5]) {
        const refused = await sendFrom(subnet);
        expect(refused.status).toBe(429);
        expect(refused.headers['retry-after']).toBe(String(10 * 60));
        expect(refused.body.message).toBe(SITE_BUSY);
      }
      // A filled honeypot stores nothing and is not counted against the site: still answered as taken.
      expect((await sendFrom(6, { ...message, website: 'https://spam.example' })).status).toBe(202);
      const stored = capped.store.collection('contact_messages');
      expect(await stored.countDocuments({})).toBe(3);
      expect(logged.filter((line) => line.includes('CONTACT_PER_HOUR'))).toHaveLength(1);
      capped.clock.advance(10 * 60_000);
      expect((await sendFrom(7)).status).toBe(202);
      expect(await stored.countDocuments({})).toBe(4);
    } finally {
      await capped.close();
    }
  });

  it('refuses new messages (429) while 5000 wait unhandled, and takes them again once one is handled', async () => {
    const waiting = Array.from({ length: 4999 }, (_, index): ContactMessageRecord => ({
      _id: `waiting-${index}`,
      topic: 'other',
      message: message.message,
      replyTo: null,
      name: null,
      status: 'new',
      createdAt: '2026-03-01T00:00:00.000Z',
      handledAt: null,
      handledBy: null,
      network: `network-${index}`,
    }));
    const stored = app.store.collection<ContactMessageRecord>('contact_messages');
    await stored.insertMany(waiting);
    expect((await send(message, '198.51.100.1')).status).toBe(202);
    const refused = await send(message, '198.51.100.2');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.body.message).toBe(TOO_MANY_UNHANDLED);
    expect(await stored.countDocuments({})).toBe(5000);
    expect((await app.asStaff(editor, 'POST', `${CONTACT_ADMIN_PATH}/waiting-0/handled`)).status).toBe(200);
    expect((await send(message, '198.51.100.2')).status).toBe(202);
    expect(await stored.countDocuments({ status: 'new' })).toBe(5000);
  });

  it('is for owners and editors: a moderator is 403 and no credential 401, on the list and on marking', async () => {
    await send(message);
    const [{ id }] = (await list()).items;
    expect((await app.asStaff(editor, 'GET', CONTACT_ADMIN_PATH)).status).toBe(200);
    expect((await app.asStaff(moderator, 'GET', CONTACT_ADMIN_PATH)).status).toBe(403);
    expect((await app.request('GET', CONTACT_ADMIN_PATH)).status).toBe(401);
    expect((await app.asStaff(moderator, 'POST', `${CONTACT_ADMIN_PATH}/${id}/handled`)).status).toBe(403);
    expect((await app.request('POST', `${CONTACT_ADMIN_PATH}/${id}/handled`)).status).toBe(401);
    expect((await list()).items[0].status).toBe('new');
  });

  it('marks a message handled (in the audit log with before and after), and answers 404 for an unknown id', async () => {
    await send(message);
    app.clock.advance(60_000);
    await send({ topic: 'partnership', message: '제휴를 제안하고 싶습니다.' });
    const newest = (await list()).items;
    expect(newest.map((item) => item.topic)).toEqual(['partnership', 'correction']);

    app.clock.advance(60_000);
    const handled = await app.asStaff(editor, 'POST', `${CONTACT_ADMIN_PATH}/${newest[1].id}/handled`);
    expect(handled.status).toBe(200);
    expect(handled.body).toMatchObject({
      id: newest[1].id,
      status: 'handled',
      handledAt: '2026-03-02T00:02:00.000Z',
      handledBy: 'editor-kim',
    });
    expect((await list('?status=new')).items.map((item) => item.topic)).toEqual(['partnership']);
    expect(await list('?status=handled')).toMatchObject({ total: 1, items: [{ id: newest[1].id }] });

    app.clock.advance(60_000);
    const unknown = await app.asStaff(editor, 'POST', `${CONTACT_ADMIN_PATH}/no-such-message/handled`);
    expect(unknown.status).toBe(404);

    const entries = await eventually(async () => {
      const reply = await app.request('GET', '/api/admin/audit?actor=editor-kim', { headers: admin });
      expect(reply.body.items).toHaveLength(2);
      return reply.body.items as StaffActionView[];
    });
    expect(entries.map((entry) => [entry.action, entry.status])).toEqual([
      ['contact.handled', 404],
      ['contact.handled', 200],
    ]);
    expect(entries[1]).toMatchObject({
      target: { id: newest[1].id },
      change: {
        before: { status: 'new', handledBy: null },
        after: { status: 'handled', handledBy: 'editor-kim' },
      },
    });
    expect(JSON.stringify(entries)).not.toContain(message.message);
  });

  it('answers 400 naming a bad list filter', async () => {
    for (const [query, expected] of [
      ['?status=done', /^status: status must be one of: new, handled/],
      ['?page=0', /^page: /],
      ['?sort=oldest', /unknown parameter\(s\): sort/],
    ] as const) {
      const reply = await app.request('GET', `${CONTACT_ADMIN_PATH}${query}`, { headers: admin });
      expect({ query, status: reply.status }).toEqual({ query, status: 400 });
      expect(reply.body.message).toMatch(expected);
    }
  });

  it('pages the list 20 at a time, newest first', async () => {
    for (let minute = 0; minute < 21; minute += 1) {
      app.clock.advance(60_000);
      // A network per message: the limit is not what this is about.
      await send({ topic: 'other', message: `메시지 번호 ${minute} 입니다.` }, `198.51.100.${minute + 1}`);
    }
    const first = await list();
    expect(first).toMatchObject({ total: 21, page: 1, pageSize: 20 });
    expect(first.items[0].message).toBe('메시지 번호 20 입니다.');
    const second = await list('?page=2');
    expect(second.items.map((item) => item.message)).toEqual(['메시지 번호 0 입니다.']);
  });

  it('removes messages older than CONTACT_RETENTION_DAYS (180 by default)', async () => {
    await send(message);
    app.clock.advance(179 * DAY_MS);
    await send({ ...message, topic: 'privacy' });
    expect((await list()).total).toBe(2);
    app.clock.advance(2 * DAY_MS);
    await eventually(async () => expect((await list()).items.map((item) => item.topic)).toEqual(['privacy']));
  });

  it('tells the page the editors’ address when PUBLIC_CONTACT_EMAIL is set, and null when not', async () => {
    const none = await app.request('GET', CONTACT_PATH);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ email: null });
    const other = await startNewsroomTestApp({ env: { PUBLIC_CONTACT_EMAIL: 'editors@pulse.example' } });
    try {
      expect((await other.request('GET', CONTACT_PATH)).body).toEqual({ email: 'editors@pulse.example' });
    } finally {
      await other.close();
    }
  });
});
