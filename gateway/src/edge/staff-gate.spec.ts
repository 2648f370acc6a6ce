import { STAFF_ASSERTION_HEADER, STAFF_SESSION_RESOLVE_PATH } from '@pulse/contracts';
import { staffResolveKey, verifyStaffAssertion } from '@pulse/platform';
import { FakeUpstream, jsonResponse, startTestGateway, type TestGateway } from '../../testing/test-gateway';
import type { ForwardRequest, ForwardResponse } from '../upstreams/upstream';

const SECRET = 'gateway-spec-staff-assertion-secret-0123456789';
const TOKEN = 'the-session-token-from-the-cookie-0123456789abc';
const CSRF = 'the-csrf-token-of-that-session-0123456789abcdef';
const TOKEN_WITH_EMAIL = 'a-session-of-a-member-with-an-address-0123456';
const STAFF = { id: 'acc-1', name: 'editor-kim', role: 'editor', via: 'session' };

describe('gateway: staff sessions become signed assertions', () => {
  let gateway: TestGateway;
  let newsroom: FakeUpstream;
  let content: FakeUpstream;
  let live: boolean;
  /** While set, how newsroom answers (or fails) the session lookup instead. */
  let outage: (() => ForwardResponse) | undefined;

  beforeAll(async () => {
    newsroom = new FakeUpstream('newsroom', ['/api/newsroom'], (request) => {
      if (request.url !== STAFF_SESSION_RESOLVE_PATH) return jsonResponse(200, { ok: true });
      if (outage) return outage();
      const asked = JSON.parse(String(request.body)) as { token: string };
      const keyed = request.headers.authorization === `Bearer ${staffResolveKey(SECRET)}`;
      if (!keyed) return jsonResponse(403, { message: 'gateway key required' });
      if (live && asked.token === TOKEN_WITH_EMAIL)
        return jsonResponse(200, {
          staff: { ...STAFF, email: 'kim@pulse.example' },
          sid: 'sid-2',
          csrfToken: CSRF,
        });
      return live && asked.token === TOKEN
        ? jsonResponse(200, { staff: STAFF, sid: 'sid-1', csrfToken: CSRF })
        : jsonResponse(404, { message: 'no live session' });
    });
    content = new FakeUpstream('content', ['/api/content'], () => jsonResponse(200, { ok: true }));
    gateway = await startTestGateway({
      upstreams: [newsroom, content],
      env: { STAFF_ASSERTION_SECRET: SECRET },
    });
  });
  afterAll(() => gateway.close());
  beforeEach(() => {
    live = true;
    outage = undefined;
    newsroom.requests.length = 0;
    content.requests.length = 0;
  });

  const send = (method: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${gateway.base}${path}`, {
      method,
      headers,
      body: method === 'GET' ? undefined : '{}',
    });
  const cookie = { cookie: `theme=dark; pulse_staff=${TOKEN}` };
  const lastAssertion = (upstream: FakeUpstream) =>
    (upstream.requests.at(-1) as ForwardRequest).headers[STAFF_ASSERTION_HEADER];

  it("signs the cookie's session into an assertion for exactly this request", async () => {
    const response = await send('GET', '/api/content/admin/drafts?page=2', cookie);
    expect(response.status).toBe(200);
    const assertion = lastAssertion(content);
    expect(typeof assertion).toBe('string');
    const check = verifyStaffAssertion(
      String(assertion),
      SECRET,
      { method: 'GET', url: '/api/content/admin/drafts' },
      Date.now(),
    );
    expect(check).toEqual({
      ok: true,
      claims: {
        sub: 'acc-1',
        name: 'editor-kim',
        role: 'editor',
        sid: 'sid-1',
        method: 'GET',
        path: '/api/content/admin/drafts',
        exp: expect.any(Number),
      },
    });
    if (check.ok) expect(check.claims.exp * 1000 - Date.now()).toBeLessThanOrEqual(30_000);
  });

  it("signs the member's address in too when their account has one", async () => {
    await send('GET', '/api/content/admin/drafts', { cookie: `pulse_staff=${TOKEN_WITH_EMAIL}` });
    const check = verifyStaffAssertion(
      String(lastAssertion(content)),
      SECRET,
      { method: 'GET', url: '/api/content/admin/drafts' },
      Date.now(),
    );
    expect(check).toMatchObject({
      ok: true,
      claims: { sub: 'acc-1', email: 'kim@pulse.example', sid: 'sid-2' },
    });
  });

  it("strips a client's own assertion, with or without a session", async () => {
    await send('GET', '/api/content/admin/drafts', { [STAFF_ASSERTION_HEADER]: 'forged.by-client' });
    expect(lastAssertion(content)).toBeUndefined();
    await send('GET', '/api/content/admin/drafts', {
      ...cookie,
      [STAFF_ASSERTION_HEADER]: 'forged.by-client',
    });
    expect(lastAssertion(content)).not.toBe('forged.by-client');
    expect(String(lastAssertion(content))).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('refuses an unsafe method without the session CSRF token (403, the service never asked)', async () => {
    const missing = await send('POST', '/api/content/admin/publish', cookie);
    expect(missing.status).toBe(403);
    expect(((await missing.json()) as { message: string }).message).toMatch(/X-CSRF-Token/);
    const wrong = await send('DELETE', '/api/content/admin/x', { ...cookie, 'x-csrf-token': `${CSRF}x` });
    expect(wrong.status).toBe(403);
    expect(content.requests).toHaveLength(0);
    const right = await send('POST', '/api/content/admin/publish', { ...cookie, 'x-csrf-token': CSRF });
    expect(right.status).toBe(200);
    expect(lastAssertion(content)).toEqual(expect.any(String));
    // Signing in again needs no token yet.
    expect((await send('POST', '/api/newsroom/session', cookie)).status).toBe(200);
  });

  it('asks newsroom on every request, so a revoked session stops at once', async () => {
    await send('GET', '/api/content/admin/drafts', cookie);
    await send('GET', '/api/content/admin/drafts', cookie);
    expect(newsroom.requests.filter((request) => request.url === STAFF_SESSION_RESOLVE_PATH)).toHaveLength(2);
    live = false;
    await send('GET', '/api/content/admin/drafts', cookie);
    expect(lastAssertion(content)).toBeUndefined();
    // A dead cookie is no reason to refuse a write either: the service decides (401 on an admin route).
    expect((await send('POST', '/api/content/interactions', cookie)).status).toBe(200);
  });

  it('refuses 503 with Retry-After while newsroom cannot be asked, and keeps the session for after', async () => {
    const rateLimitOf = async (headers: Record<string, string>) =>
      (await send('GET', '/api/content/news', headers)).headers.get('x-ratelimit-limit');
    const anonymousLimit = await rateLimitOf({});
    const outages: Array<() => ForwardResponse> = [
      () => jsonResponse(503, { message: 'store down' }),
      () => {
        throw new Error('connect ECONNREFUSED 10.0.3.7:3107');
      },
    ];
    for (const failing of outages) {
      await send('GET', '/api/content/admin/drafts', cookie);
      // Newsroom has answered for the cookie: the rate limit counts it in the account's bucket.
      const staffLimit = await rateLimitOf(cookie);
      expect(staffLimit).not.toBe(anonymousLimit);
      content.requests.length = 0;
      outage = failing;
      const refused = await send('GET', '/api/content/admin/drafts', cookie);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: expect.stringContaining('잠시 후 다시 시도해 주세요'),
      });
      expect(content.requests).toHaveLength(0);
      outage = undefined;
      // The blip said nothing about the session: it still counts as the account's, and still signs.
      expect(await rateLimitOf(cookie)).toBe(staffLimit);
      expect(lastAssertion(content)).toEqual(expect.any(String));
    }
  });

  it('takes a malformed token (400) as no session, like a revoked one', async () => {
    outage = () => jsonResponse(400, { message: 'token: too long' });
    const response = await send('GET', '/api/content/admin/drafts', cookie);
    expect(response.status).toBe(200);
    expect(lastAssertion(content)).toBeUndefined();
  });

  it('leaves requests without the cookie alone', async () => {
    await send('GET', '/api/content/news');
    expect(newsroom.requests).toHaveLength(0);
    expect(lastAssertion(content)).toBeUndefined();
  });
});
