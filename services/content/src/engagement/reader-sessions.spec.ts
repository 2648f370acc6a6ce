import { createHmac } from 'node:crypto';
import fastifyCookie, { type SerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { startContentTestApp, type ContentTestApp } from '../testing/content-test-app';
import { ContentSettingsRepository } from './content-settings.repository';
import { engagementConfigSchema, type EngagementConfig } from './engagement.config';
import { reader } from './engagement.fixture';
import { ReaderSessions } from './reader-sessions';

const config: EngagementConfig = {
  CONTENT_SESSION_DAYS: 365,
  CONTENT_VIEW_WINDOW_HOURS: 24,
  CONTENT_SHARE_LIMIT_PER_HOUR: 10,
};
const site = { PUBLIC_SITE_URL: 'https://pulse.example.com' };
const clock = { now: () => Date.parse('2026-03-10T03:00:00.000Z') };

const signedWith = (secret: string, cookie: string) => {
  const [key, signature] = cookie.slice('pulse_sid='.length).split('.');
  return createHmac('sha256', secret).update(key).digest('base64url') === signature;
};

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
      .find({});
    expect(settings).toHaveLength(1);
    expect(settings[0].value.length).toBeGreaterThanOrEqual(32);
    expect(signedWith(settings[0].value, browser.cookie!)).toBe(true);

    // A second replica (or this one after a restart) on the same store reads the same secret.
    const replica = new ReaderSessions(new ContentSettingsRepository(content.store), config, site, clock);
    await replica.onModuleInit();
    const { request, reply, headers } = exchange(browser.cookie);
    expect(replica.resolve(request, reply)).toBe(browser.key);
    expect(headers['set-cookie']).toBeUndefined();
    expect(await content.store.collection('content_settings').countDocuments({})).toBe(1);
  });

  it('signs with CONTENT_SESSION_SECRET when set, and stores nothing', async () => {
    const secret = 'a-configured-secret-of-at-least-32-chars';
    content = await startContentTestApp({ env: { CONTENT_SESSION_SECRET: secret } });
    const browser = reader(content);
    await browser.call('GET', '/api/interactions/status/none-such');
    expect(signedWith(secret, browser.cookie!)).toBe(true);
    expect(await content.store.collection('content_settings').countDocuments({})).toBe(0);
  });

  it('marks the cookie Secure on an https site and resolves one request once', async () => {
    content = await startContentTestApp();
    const sessions = new ReaderSessions(new ContentSettingsRepository(content.store), config, site, clock);
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
    expect(engagementConfigSchema.parse({})).toEqual(config);
  });
});
