import 'reflect-metadata';
import { STAFF_SESSION_RESOLVE_PATH } from '@pulse/contracts';
import { MemoryCacheStore, type CacheStore } from '@pulse/platform';
import { communityToken } from '../../testing/community-token';
import { FakeUpstream, jsonResponse, startTestGateway, type TestGateway } from '../../testing/test-gateway';

const ok = () => jsonResponse(200, { ok: true });

const COMMUNITY_SECRET = 'community-token-secret-for-tests-0123456789';

describe('rate limits per network and per verified member', () => {
  let gateway: TestGateway;
  let cache: MemoryCacheStore;

  beforeAll(async () => {
    cache = new MemoryCacheStore();
    gateway = await startTestGateway({
      upstreams: [
        new FakeUpstream('content', ['/api/content'], ok),
        new FakeUpstream('community', ['/api/community'], ok),
      ],
      cache,
      env: {
        RATE_LIMIT_READ_PER_MIN: '3',
        RATE_LIMIT_WRITE_PER_MIN: '2',
        RATE_LIMIT_IP_FACTOR: '2',
        COMMUNITY_TOKEN_SECRET: COMMUNITY_SECRET,
        // Behind one proxy: each test acts as its own client through X-Forwarded-For.
        TRUSTED_PROXY_HOPS: '1',
      },
    });
  });

  afterAll(async () => {
    await gateway.close();
    await cache.close();
  });

  const member = (identityId: string) => communityToken(COMMUNITY_SECRET, identityId);

  const call = (path: string, client: string, init: RequestInit & { token?: string; cookie?: string } = {}) =>
    fetch(`${gateway.base}${path}`, {
      ...init,
      headers: {
        'x-forwarded-for': client,
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
    });

  const reads = async (
    count: number,
    path: string,
    client: string,
    init?: { token?: string; cookie?: string },
  ) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await call(path, client, init)).status);
    return statuses;
  };

  it('answers 429 with Retry-After and the JSON error shape once the read budget is spent', async () => {
    expect(await reads(3, '/api/content/news', '203.0.113.1')).toEqual([200, 200, 200]);
    const limited = await call('/api/content/news', '203.0.113.1');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limited.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `요청이 너무 많습니다. ${retryAfter}초 후에 다시 시도해 주세요.`,
    });
  });

  it('counts documents and feeds as reads, but never assets or probes', async () => {
    const client = '203.0.113.2';
    for (let i = 0; i < 3; i++) await call('/news', client);
    expect((await call('/rss.xml', client)).status).toBe(429);
    expect((await call('/news', client)).status).toBe(429);
    expect((await call('/env-config.json', client)).status).toBe(200);
    expect((await call('/favicon.svg', client)).status).toBe(404); // not built here, but not limited
    expect((await call('/healthz', client)).status).toBe(200);
  });

  it('keeps reads and writes in separate budgets', async () => {
    const client = '203.0.113.3';
    for (let i = 0; i < 3; i++) await call('/api/content/news', client);
    expect((await call('/api/content/news', client)).status).toBe(429);
    expect((await call('/api/content/like', client, { method: 'POST' })).status).toBe(200);
    expect((await call('/api/content/like', client, { method: 'POST' })).status).toBe(200);
    expect((await call('/api/content/like', client, { method: 'DELETE' })).status).toBe(429);
  });

  it('keeps made-up bearers in the network’s anonymous bucket, reads and writes alike', async () => {
    const client = '203.0.113.8';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await call('/api/content/news', client, { token: `made-up-${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    // A bearer shaped like a community token but signed with another key is made up too.
    const forged = await communityToken('another-key-that-is-long-enough-0123456789', 'someone');
    expect((await call('/api/content/news', client, { token: forged })).status).toBe(429);
    const writes: number[] = [];
    for (let i = 0; i < 3; i++)
      writes.push(
        (await call('/api/content/like', client, { method: 'POST', token: `made-up-w${i}` })).status,
      );
    expect(writes).toEqual([200, 200, 429]);
  });

  it('gives each verified member its own budget, within the network’s members’ budget of factor × one member', async () => {
    const client = '203.0.113.4';
    const results: number[] = [];
    for (const identity of ['member-a', 'member-b', 'member-c'])
      results.push(...(await reads(3, '/api/content/news', client, { token: await member(identity) })));
    // Two members' worth (3 × 2 = 6) from one network, then the network's members are limited.
    expect(results).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429]);
    expect(await reads(1, '/api/content/news', '203.0.113.5', { token: await member('member-c') })).toEqual([
      200,
    ]);
  });

  it('counts a member’s requests in one bucket whichever of its sessions sends them', async () => {
    const client = '203.0.113.9';
    const first = await communityToken(COMMUNITY_SECRET, 'member-s', 'session-1');
    const second = await communityToken(COMMUNITY_SECRET, 'member-s', 'session-2');
    expect([
      ...(await reads(2, '/api/content/news', client, { token: first })),
      ...(await reads(2, '/api/content/news', client, { token: second })),
    ]).toEqual([200, 200, 200, 429]);
  });

  it('verifies the community cookie too, as the pages send it', async () => {
    const client = '203.0.113.10';
    const cookie = `pulse_csrf=x; pulse_community=${await member('member-cookie')}`;
    // The network's anonymous budget spent first: the member's cookie still has a budget of its own.
    expect(await reads(4, '/api/community/questions', client)).toEqual([200, 200, 200, 429]);
    expect(await reads(4, '/api/community/questions', client, { cookie })).toEqual([200, 200, 200, 429]);
  });

  it('counts a reader without a credential in its network’s own bucket, apart from the members of that network', async () => {
    const client = '203.0.113.7';
    expect(await reads(4, '/api/content/news', client)).toEqual([200, 200, 200, 429]);
    // The network's members' budget (factor × one member, 6) is untouched by those.
    const members: number[] = [];
    for (const identity of ['member-d', 'member-e'])
      members.push(...(await reads(3, '/api/content/news', client, { token: await member(identity) })));
    expect(members).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('limits one member across networks', async () => {
    const token = await member('roaming');
    for (let i = 0; i < 3; i++) await call('/api/content/news', `198.51.100.${i}`, { token });
    expect((await call('/api/content/news', '198.51.100.9', { token })).status).toBe(429);
  });

  it('counts the addresses of one IPv6 /64 as one network, and another /64 apart', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++)
      statuses.push((await call('/api/content/news', `2001:db8:7:1::${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await call('/api/content/news', '2001:db8:7:1:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await call('/api/content/news', '2001:db8:7:2::1')).status).toBe(200);
  });

  it('tells the client its remaining budget', async () => {
    const response = await call('/api/content/news', '203.0.113.6');
    expect(response.headers.get('x-ratelimit-limit')).toBe('3');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('2');
  });
});

describe('rate limits when the gateway is not given the community key', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway({
      upstreams: [new FakeUpstream('content', ['/api/content'], ok)],
      env: { RATE_LIMIT_READ_PER_MIN: '2', RATE_LIMIT_IP_FACTOR: '5' },
    });
  });

  afterAll(() => gateway.close());

  it('counts well-signed community bearers as anonymous, in the network’s bucket', async () => {
    const statuses: number[] = [];
    for (const identity of ['one', 'two', 'three'])
      statuses.push(
        (
          await fetch(`${gateway.base}/api/content/news`, {
            headers: { authorization: `Bearer ${await communityToken(COMMUNITY_SECRET, identity)}` },
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('rate limits without a trusted proxy (the default)', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway({
      upstreams: [new FakeUpstream('content', ['/api/content'], ok)],
      env: { RATE_LIMIT_READ_PER_MIN: '2' },
    });
  });

  afterAll(() => gateway.close());

  it('ignores X-Forwarded-For, so a client cannot choose a fresh bucket', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${gateway.base}/api/content/news`, {
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('rate limits when the cache fails', () => {
  let gateway: TestGateway;
  const broken = new MemoryCacheStore();

  beforeAll(async () => {
    (broken as CacheStore).rateLimit = async () => {
      throw new Error('redis: connection refused');
    };
    gateway = await startTestGateway({
      upstreams: [new FakeUpstream('content', ['/api/content'], ok)],
      cache: broken,
      env: { RATE_LIMIT_READ_PER_MIN: '1' },
    });
  });

  afterAll(async () => {
    await gateway.close();
    await broken.close();
  });

  it('lets requests through rather than taking the site down', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${gateway.base}/api/content/news`)).status).toBe(200);
  });
});

describe('rate limits of the admin credential', () => {
  const adminToken = 'admin-token-for-tests-0123456789';
  let gateway: TestGateway;
  let cache: MemoryCacheStore;

  beforeAll(async () => {
    cache = new MemoryCacheStore();
    gateway = await startTestGateway({
      upstreams: [new FakeUpstream('content', ['/api/content'], ok)],
      cache,
      env: {
        RATE_LIMIT_READ_PER_MIN: '3',
        RATE_LIMIT_WRITE_PER_MIN: '2',
        RATE_LIMIT_IP_FACTOR: '2',
        RATE_LIMIT_ADMIN_PER_MIN: '10',
        ADMIN_TOKEN: adminToken,
        TRUSTED_PROXY_HOPS: '1',
      },
    });
  });

  afterAll(async () => {
    await gateway.close();
    await cache.close();
  });

  const post = (client: string, token: string) =>
    fetch(`${gateway.base}/api/content/insights`, {
      method: 'POST',
      headers: { 'x-forwarded-for': client, authorization: `Bearer ${token}` },
    });

  it("has its own budget: bulk authoring is not held to a reader's write limit nor spends the address's", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await post('203.0.113.40', adminToken)).status);
    expect(statuses.every((status) => status !== 429)).toBe(true);
    expect((await post('203.0.113.40', adminToken)).status).toBe(429);
    // A reader at the same address still has the whole of its own budget.
    expect((await post('203.0.113.40', 'reader-token')).status).not.toBe(429);
  });

  it('treats a wrong admin token as a reader', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post('203.0.113.41', `${adminToken}x`)).status);
    expect(statuses).toEqual([expect.any(Number), expect.any(Number), 429]);
    expect(statuses.slice(0, 2)).not.toContain(429);
  });
});

describe('rate limits of signed-in staff', () => {
  const secret = 'rate-limit-staff-assertion-secret-0123456789';
  /** Session cookie token → the account newsroom answers for it while it is live. */
  const sessions = new Map<string, string>();
  let gateway: TestGateway;
  let cache: MemoryCacheStore;
  let newsroom: FakeUpstream;

  beforeAll(async () => {
    cache = new MemoryCacheStore();
    newsroom = new FakeUpstream('newsroom', ['/api/newsroom'], (request) => {
      if (request.url !== STAFF_SESSION_RESOLVE_PATH) return ok();
      const accountId = sessions.get((JSON.parse(String(request.body)) as { token: string }).token);
      return accountId
        ? jsonResponse(200, {
            staff: { id: accountId, name: `staff-${accountId}`, role: 'moderator', via: 'session' },
            sid: 'sid',
            csrfToken: 'csrf',
          })
        : jsonResponse(404, { message: 'no live session' });
    });
    gateway = await startTestGateway({
      upstreams: [newsroom, new FakeUpstream('community', ['/api/community'], ok)],
      cache,
      env: {
        RATE_LIMIT_READ_PER_MIN: '3',
        RATE_LIMIT_WRITE_PER_MIN: '2',
        RATE_LIMIT_IP_FACTOR: '2',
        RATE_LIMIT_ADMIN_PER_MIN: '10',
        STAFF_ASSERTION_SECRET: secret,
        TRUSTED_PROXY_HOPS: '1',
      },
    });
  });

  afterAll(async () => {
    await gateway.close();
    await cache.close();
  });

  const read = (client: string, token?: string) =>
    fetch(`${gateway.base}/api/community/admin/moderation`, {
      headers: { 'x-forwarded-for': client, ...(token ? { cookie: `pulse_staff=${token}` } : {}) },
    });
  const statusesOf = async (count: number, client: string, token?: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await read(client, token)).status);
    return statuses;
  };
  const lookupsOf = (token: string) =>
    newsroom.requests.filter(
      (request) =>
        request.url === STAFF_SESSION_RESOLVE_PATH &&
        (JSON.parse(String(request.body)) as { token: string }).token === token,
    ).length;

  it("counts a member's requests in their account's bucket once newsroom has answered for the cookie", async () => {
    sessions.set('session-of-acc-1', 'acc-1');
    // The first request is counted before the lookup, so in the network's bucket; the next ten in the
    // account's (RATE_LIMIT_ADMIN_PER_MIN), far past a reader's three.
    expect(await statusesOf(11, '203.0.113.60', 'session-of-acc-1')).toEqual(Array(11).fill(200));
    expect((await read('203.0.113.60', 'session-of-acc-1')).status).toBe(429);
    // A reader in the same office spent only that first request of theirs: two of three reads are left.
    expect(await statusesOf(3, '203.0.113.60')).toEqual([200, 200, 429]);
  });

  it("shares one account's bucket between its sessions, and keeps other accounts apart", async () => {
    sessions.set('laptop-of-acc-2', 'acc-2');
    sessions.set('phone-of-acc-2', 'acc-2');
    sessions.set('session-of-acc-3', 'acc-3');
    await read('203.0.113.61', 'laptop-of-acc-2');
    await read('203.0.113.62', 'phone-of-acc-2');
    expect(await statusesOf(5, '203.0.113.61', 'laptop-of-acc-2')).toEqual(Array(5).fill(200));
    expect(await statusesOf(5, '203.0.113.62', 'phone-of-acc-2')).toEqual(Array(5).fill(200));
    expect((await read('203.0.113.61', 'laptop-of-acc-2')).status).toBe(429);
    expect((await read('203.0.113.61', 'session-of-acc-3')).status).toBe(200);
    expect((await read('203.0.113.61', 'session-of-acc-3')).status).toBe(200);
  });

  it("keeps a made-up cookie in its network's bucket, however often it is sent", async () => {
    const statuses = await statusesOf(5, '203.0.113.63', 'made-up-session-token');
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Refused at the edge: newsroom was asked only for the requests the network's budget let through.
    expect(lookupsOf('made-up-session-token')).toBe(3);
    // An account's id is no cookie either.
    sessions.set('session-of-acc-4', 'acc-4');
    expect(await statusesOf(4, '203.0.113.64', 'acc-4')).toEqual([200, 200, 200, 429]);
  });

  it('puts a session that ended back in its network’s bucket from its next lookup on', async () => {
    sessions.set('session-of-acc-5', 'acc-5');
    expect(await statusesOf(4, '203.0.113.65', 'session-of-acc-5')).toEqual(Array(4).fill(200));
    // Revoked: the request that finds out still counts as the account's, every later one as the network's,
    // which had spent one read on the first request.
    sessions.delete('session-of-acc-5');
    expect(await statusesOf(4, '203.0.113.65', 'session-of-acc-5')).toEqual([200, 200, 200, 429]);
  });
});
