import { SignJWT } from 'jose';
import { mailboxOf, normaliseAddress, maskAddress } from './subscribers/email-address';
import { linkIn } from '../testing/smtp-sink';
import {
  admin,
  startNewsletterTestApp,
  testClock,
  type NewsletterTestApp,
} from '../testing/newsletter-test-app';

const HOSTILE_ADDRESSES: unknown[] = [
  'victim@example.com\r\nBcc: everyone@example.com',
  'victim@example.com\nSubject: spam',
  'victim@example.com%0d%0aBcc:x@example.com',
  `${'a'.repeat(10_000)}@example.com`,
  `reader@${'b'.repeat(10_000)}.com`,
  'a'.repeat(10_000),
  'rea\u200bder@example.com',
  'reader@exa\u202emple.com',
  'реаder@example.com',
  '"quoted spaces"@example.com',
  'Reader <reader@example.com>',
  'reader@127.0.0.1',
  'reader@localhost',
  'reader@@example.com',
  '@example.com',
  'reader@',
  '',
  ' ',
  null,
  42,
  ['reader@example.com'],
  { $gt: '' },
  'reader@example.com\u0000',
];

describe('newsletter: hostile input', () => {
  let t: NewsletterTestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await startNewsletterTestApp({ clock });
  });
  afterAll(() => t.close());

  it.each(HOSTILE_ADDRESSES.map((value) => [JSON.stringify(value).slice(0, 60), value]))(
    'refuses %s with a 400 naming email, and mails no one',
    async (_name, email) => {
      const before = t.smtp.count();
      const response = await t.request('POST', '/api/subscribers', { json: { email } });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^email: /);
      expect(t.smtp.count()).toBe(before);
    },
  );

  it('refuses bodies that are not the seed shape: unknown fields, no body, broken JSON, 2 MB', async () => {
    for (const init of [
      { json: { email: 'a@example.com', admin: true } },
      { json: {} },
      { raw: '{"email":' },
      { raw: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }) },
    ]) {
      const response = await t.request('POST', '/api/subscribers', init);
      expect([400, 413]).toContain(response.status);
    }
  });

  it('normalises full-width and IDN forms and masks addresses for logs', () => {
    expect(normaliseAddress('ｒｅａｄｅｒ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('reader@example.com');
    expect(normaliseAddress('reader@예시.한국')).toBe('reader@xn--vv4b11d.xn--3e0b707e');
    expect(normaliseAddress('Reader+News@Example.com')).toBe('reader+news@example.com');
    expect(mailboxOf('reader+news@example.com')).toBe('reader@example.com');
    expect(mailboxOf('r.e.ader+x@googlemail.com')).toBe('reader@gmail.com');
    expect(mailboxOf('r.eader@example.com')).toBe('r.eader@example.com');
    expect(mailboxOf('+only@example.com')).toBe('+only@example.com');
    expect(maskAddress('reader@example.com')).toBe('r***r@e***.com');
  });

  it('limits sign-up mails per address (429 with Retry-After), whatever its state', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push(
        (await t.request('POST', '/api/subscribers', { json: { email: 'bomb@example.com' } })).status,
      );
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    expect(await t.smtp.to('bomb@example.com')).toHaveLength(3);
    const limited = await t.request('POST', '/api/subscribers', { json: { email: 'bomb@example.com' } });
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.body.message).toBe('요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
  });

  it.each([
    [
      '+tag variants',
      ['tagged+1@example.com', 'tagged+2@example.com', 'Tagged+news@example.com', 'tagged+4@example.com'],
    ],
    [
      'Gmail dot and googlemail.com variants',
      ['v.ictim@gmail.com', 'vi.ctim@gmail.com', 'victim@googlemail.com', 'V.I.C.T.I.M+x@gmail.com'],
    ],
  ])('limits sign-up mails per mailbox, not per spelling: %s', async (_name, variants) => {
    const before = t.smtp.count();
    const statuses: number[] = [];
    for (const email of variants)
      statuses.push((await t.request('POST', '/api/subscribers', { json: { email } })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect(t.smtp.count() - before).toBe(3);
    // Each mail still goes to the address as typed (lower-cased), not to the folded mailbox.
    expect(t.smtp.recipients().slice(before)).toEqual(
      variants.slice(0, 3).map((email) => email.toLowerCase()),
    );
  });

  it('limits sign-ups per IP', async () => {
    const limited = await startNewsletterTestApp({ env: { NEWSLETTER_SUBSCRIBES_PER_IP_HOUR: '2' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1)
        statuses.push(
          (
            await limited.request('POST', '/api/subscribers', {
              json: { email: `ip${i}@example.com` },
              ip: '203.0.113.9',
            })
          ).status,
        );
      expect(statuses).toEqual([202, 202, 429]);
    } finally {
      await limited.close();
    }
  });

  it('limits sign-ups per network: the addresses of one IPv6 /64 share a budget, another /64 has its own', async () => {
    const limited = await startNewsletterTestApp({ env: { NEWSLETTER_SUBSCRIBES_PER_IP_HOUR: '2' } });
    try {
      const from = async (ip: string, email: string) =>
        (await limited.request('POST', '/api/subscribers', { json: { email }, ip })).status;
      expect([
        await from('2001:db8:5:1::1', 'v6a@example.com'),
        await from('2001:db8:5:1::2', 'v6b@example.com'),
        await from('2001:db8:5:1:abcd::3', 'v6c@example.com'),
      ]).toEqual([202, 202, 429]);
      expect(await from('2001:db8:5:2::1', 'v6d@example.com')).toBe(202);
    } finally {
      await limited.close();
    }
  });

  it('takes what counts as one network from NETWORK_IPV6_PREFIX', async () => {
    const limited = await startNewsletterTestApp({
      env: { NEWSLETTER_SUBSCRIBES_PER_IP_HOUR: '1', NETWORK_IPV6_PREFIX: '128' },
    });
    try {
      const from = async (ip: string, email: string) =>
        (await limited.request('POST', '/api/subscribers', { json: { email }, ip })).status;
      expect(await from('2001:db8:6:1::1', 'p1@example.com')).toBe(202);
      expect(await from('2001:db8:6:1::2', 'p2@example.com')).toBe(202);
      expect(await from('2001:db8:6:1::2', 'p3@example.com')).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('refuses forged, foreign, expired and replayed links with a page, never a 5xx, and never mails the unconfirmed', async () => {
    await t.request('POST', '/api/subscribers', { json: { email: 'pending@example.com' } });
    const mail = (await t.smtp.to('pending@example.com'))[0];
    const link = new URL(linkIn(mail, '/newsletter/confirm'));
    const token = link.searchParams.get('token')!;
    const [header, payload] = token.split('.');
    const forged = [
      `${header}.${payload}.AAAA`,
      await new SignJWT({ pur: 'confirm', non: 'x' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('s')
        .setIssuer('pulse-newsletter')
        .sign(new TextEncoder().encode('k'.repeat(32))),
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
      'not-a-token',
      'x'.repeat(5000),
      '',
    ];
    for (const bad of forged) {
      for (const [method, path] of [
        ['GET', '/newsletter/confirm'],
        ['POST', '/newsletter/confirm'],
        ['GET', '/newsletter/unsubscribe'],
        ['POST', '/newsletter/unsubscribe'],
        ['GET', '/newsletter/preferences'],
        ['POST', '/newsletter/preferences/delete'],
      ] as const) {
        const response = await t.request(
          method,
          `${path}?token=${encodeURIComponent(bad)}`,
          method === 'POST' ? { form: { token: bad } } : {},
        );
        expect([400, 404]).toContain(response.status);
      }
    }
    // The confirmation token is not a manage token, and the other way round.
    expect((await t.request('POST', `/newsletter/unsubscribe?token=${token}`, { form: {} })).status).toBe(
      400,
    );
    // An array where a token should be, and preferences with bad values.
    expect((await t.request('GET', `/newsletter/confirm?token=a&token=b`)).status).toBe(400);
    expect(
      (
        await t.request('POST', '/newsletter/preferences', {
          form: { token, categories: ['$gt'], frequency: 'hourly' },
        })
      ).status,
    ).toBe(400);

    // Unconfirmed: the digest does not reach it.
    const sent = await t.request('POST', '/api/newsletter/admin/editions', {
      json: { kind: 'weekly' },
      headers: admin,
    });
    expect(sent.status).toBe(201);
    expect(
      (await t.smtp.to('pending@example.com')).filter((m) => m.parsed.subject?.includes('주간')),
    ).toHaveLength(0);

    // Expired: after NEWSLETTER_CONFIRM_DAYS the link no longer confirms.
    clock.advance(4 * 24 * 60 * 60 * 1000);
    const expired = await t.request('POST', '/newsletter/confirm', { form: { token } });
    expect(expired.status).toBe(400);
    clock.set(clock.now() - 4 * 24 * 60 * 60 * 1000);

    // Confirm, unsubscribe, then replay the old confirmation link: it does not resubscribe.
    expect((await t.request('POST', '/newsletter/confirm', { form: { token } })).status).toBe(200);
    const manage = (await t.request('POST', '/newsletter/confirm', { form: { token } })).text;
    expect(manage).toContain('이미 구독이 확인되었습니다');
    const manageToken = decodeURIComponent(/preferences\?token=([^"]+)"/.exec(manage)![1]);
    expect(
      (
        await t.request('POST', `/newsletter/unsubscribe?token=${manageToken}`, {
          raw: 'List-Unsubscribe=One-Click',
          contentType: 'application/x-www-form-urlencoded',
        })
      ).status,
    ).toBe(200);
    // Repeating the one-click (mail clients retry) is harmless.
    expect(
      (
        await t.request('POST', `/newsletter/unsubscribe?token=${manageToken}`, {
          raw: '--x\r\n',
          contentType: 'multipart/form-data; boundary=x',
        })
      ).status,
    ).toBe(200);
    expect((await t.request('POST', '/newsletter/confirm', { form: { token } })).status).toBe(400);

    // Delete: the address is gone and its links say so.
    expect(
      (await t.request('POST', '/newsletter/preferences/delete', { form: { token: manageToken } })).status,
    ).toBe(200);
    expect((await t.request('GET', `/newsletter/preferences?token=${manageToken}`)).status).toBe(404);
    expect(
      await t.store.collection('newsletter_subscribers').countDocuments({ email: 'pending@example.com' }),
    ).toBe(0);
  });

  it('a GET on the unsubscribe link (a link scanner) unsubscribes no one', async () => {
    await t.request('POST', '/api/subscribers', { json: { email: 'scanned@example.com' } });
    const confirm = new URL(
      linkIn((await t.smtp.to('scanned@example.com'))[0], '/newsletter/confirm'),
    ).searchParams.get('token')!;
    // A scanner GETs the confirmation link too: that confirms nothing.
    await t.request('GET', `/newsletter/confirm?token=${confirm}`);
    expect(
      await t.store
        .collection('newsletter_subscribers')
        .countDocuments({ email: 'scanned@example.com', status: 'pending' }),
    ).toBe(1);
    const page = (await t.request('POST', '/newsletter/confirm', { form: { token: confirm } })).text;
    const manage = decodeURIComponent(/preferences\?token=([^"]+)"/.exec(page)![1]);
    const get = await t.request('GET', `/newsletter/unsubscribe?token=${manage}`);
    expect(get.text).toContain('구독 해지하기');
    expect(
      await t.store
        .collection('newsletter_subscribers')
        .countDocuments({ email: 'scanned@example.com', status: 'confirmed' }),
    ).toBe(1);
  });
});
