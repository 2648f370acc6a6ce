import { createHmac } from 'node:crypto';
import fastifyCookie, { type SerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { startContentTestApp, type ContentTestApp } from '../../testing/content-test-app';
import { ContentSettingsRepository } from './content-settings.repository';
import { engagementConfigSchema, type EngagementConfig } from './engagement.config';
import { reader } from '../../testing/engagement/engagement.fixture';
import { ReaderSessionSigner, systemClock } from '@pulse/platform';
import { ReaderSessions } from './reader-sessions';

const config: EngagementConfig = engagementConfigSchema.parse({});
const site = { PUBLIC_SITE_URL: 'https://pulse.example.com' };
// The test app runs on the system clock: the replicas here must agree with it.
const clock = systemClock;
const service = { network: { NETWORK_IPV4_PREFIX: 32, NETWORK_IPV6_PREFIX: 64 } };

const signedWith = (secret: string, cookie: string) =>
  new ReaderSessionSigner(secret).verify(cookie.slice('pulse_sid='.length), Date.now()) !== undefined;

/** The cookie this service issued before sessions were dated: `<key>.<HMAC(key)>`. */
const undatedCookie = (secret: string, key: string) =>
  `pulse_sid=${key}.${createHmac('sha256', secret).update(key).digest('base64url')}`;

/** A request and reply just rich enough for ReaderSessions. */
function exchange(cookie?: string) {
  const headers: Record<string, string> = {};
  // As @fastify/cookie leaves them: the Cookie header parsed, setCookie serialising one Set-Cookie.
  const request = {
    headers: cookie ? { cookie } : {},
    cookies: fastifyCookie.parse(cookie ?? ''),
  } as FastifyRequest;
  const reply = {
    setCookie: (name: string, value: string, options: SerializeOptions) => (
      (headers['set-cookie'] = fastifyCookie.serialize(name, value, options)),
      reply
    ),
  } as unknown as FastifyReply;
  return { request, reply, headers };
}

describe('ReaderSessions: the signing secret', () => {
  let content: ContentTestApp;

  afterEach(() => content.close());

  it('without CONTENT_SESSION_SECRET generates one, stores it once, and another replica on the store agrees', async () => {
    content = await startContentTestApp();
    const browser = reader(content);
    await browser.call('GET', '/api/interactions/status/none-such');
    const settings = await content.store
      .collection<{ _id: string; value: string }>('content_settings')
      .find({ _id: 'reader-session-secret' });
    expect(settings).toHaveLength(1);
    expect(settings[0].value.length).toBeGreaterThanOrEqual(32);
    expect(signedWith(settings[0].value, browser.cookie!)).toBe(true);

    // A second replica (or this one after a restart) on the same store reads the same secret.
    const replica = new ReaderSessions(
      new ContentSettingsRepository(content.store),
      config,
      site,
      clock,
      service,
    );
    await replica.onModuleInit();
    const { request, reply, headers } = exchange(browser.cookie);
    expect(replica.resolve(request, reply)).toBe(browser.key);
    expect(headers['set-cookie']).toBeUndefined();
    // The secret and the instant dated sessions began, each stored once.
    expect(await content.store.collection('content_settings').countDocuments({})).toBe(2);
  });

  it('signs with CONTENT_SESSION_SECRET when set, and stores no secret', async () => {
    const secret = 'a-configured-secret-of-at-least-32-chars';
    content = await startContentTestApp({ env: { CONTENT_SESSION_SECRET: secret } });
    const browser = reader(content);
    await browser.call('GET', '/api/interactions/status/none-such');
    expect(signedWith(secret, browser.cookie!)).toBe(true);
    expect(
      await content.store.collection('content_settings').countDocuments({ _id: 'reader-session-secret' }),
    ).toBe(0);
  });

  it('migrates a cookie issued before sessions were dated: same key, dated when dating began, counted', async () => {
    const secret = 'a-configured-secret-of-at-least-32-chars';
    content = await startContentTestApp({ env: { CONTENT_SESSION_SECRET: secret } });
    const sessions = new ReaderSessions(
      new ContentSettingsRepository(content.store),
      { ...config, CONTENT_SESSION_SECRET: secret },
      site,
      clock,
      service,
    );
    await sessions.onModuleInit();
    const key = 'k'.repeat(43);
    const { request, reply, headers } = exchange(undatedCookie(secret, key));
    const migrated = sessions.reader(request, reply);
    expect(migrated).toMatchObject({ key, issuedNow: false });
    const datedSince = await content.store
      .collection<{ _id: string; value: string }>('content_settings')
      .findOne({ _id: 'reader-session-dated-since' });
    expect(migrated.issuedAtMs).toBe(Math.floor(Date.parse(datedSince!.value) / 1000) * 1000);
    const value = headers['set-cookie'].split(';')[0].slice('pulse_sid='.length);
    expect(new ReaderSessionSigner(secret).verify(value, clock.now())).toMatchObject({
      key,
      issuedAtMs: migrated.issuedAtMs,
    });
  });

  it('issues a new session, marked as issued now, for a forged, re-dated or missing cookie', async () => {
    content = await startContentTestApp();
    const sessions = new ReaderSessions(
      new ContentSettingsRepository(content.store),
      config,
      site,
      clock,
      service,
    );
    await sessions.onModuleInit();
    const first = exchange();
    const issued = sessions.reader(first.request, first.reply);
    expect(issued.issuedNow).toBe(true);
    const cookie = first.headers['set-cookie'].split(';')[0];
    const again = exchange(cookie);
    expect(sessions.reader(again.request, again.reply)).toMatchObject({ key: issued.key, issuedNow: false });
    const [key, at, signature] = cookie.slice('pulse_sid='.length).split('.');
    const older = (parseInt(at, 36) - 86_400).toString(36);
    for (const forged of [`pulse_sid=${key}.${older}.${signature}`, undatedCookie('x'.repeat(32), key)]) {
      const attempt = exchange(forged);
      const session = sessions.reader(attempt.request, attempt.reply);
      expect(session.issuedNow).toBe(true);
      expect(session.key).not.toBe(key);
    }
  });

  it('marks the cookie Secure on an https site and resolves one request once', async () => {
    content = await startContentTestApp();
    const sessions = new ReaderSessions(
      new ContentSettingsRepository(content.store),
      config,
      site,
      clock,
      service,
    );
    await sessions.onModuleInit();
    const { request, reply, headers } = exchange();
    const key = sessions.resolve(request, reply);
    expect(headers['set-cookie'].split('; ').slice(1).sort()).toEqual(
      ['HttpOnly', `Max-Age=${365 * 24 * 3600}`, 'Path=/', 'SameSite=Lax', 'Secure'].sort(),
    );
    expect(sessions.resolve(request, reply)).toBe(key);
  });
});

describe('engagementConfigSchema', () => {
  it('refuses a session secret shorter than 32 characters and fills the defaults', () => {
    expect(engagementConfigSchema.safeParse({ CONTENT_SESSION_SECRET: 'too-short' }).success).toBe(false);
    expect(engagementConfigSchema.parse({})).toMatchObject({
      CONTENT_SESSION_DAYS: 365,
      CONTENT_VIEW_WINDOW_HOURS: 24,
      CONTENT_SHARE_LIMIT_PER_HOUR: 10,
      CONTENT_LIKES_PER_NETWORK_ARTICLE_HOUR: 10,
    });
  });
});
