import 'reflect-metadata';
import { MemoryCacheStore, type CacheStore } from '@pulse/platform';
import { FakeUpstream, jsonResponse, startTestGateway, type TestGateway } from '../testing/test-gateway';

const ok = () => jsonResponse(200, { ok: true });

describe('rate limits per identity and per IP', () => {
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
        // Behind one proxy: each test acts as its own client through X-Forwarded-For.
        TRUSTED_PROXY_HOPS: '1',
      },
    });
  });

  afterAll(async () => {
    await gateway.close();
    await cache.close();
  });

  const call = (path: string, client: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${gateway.base}${path}`, {
      ...init,
      headers: {
        'x-forwarded-for': client,
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
    });

  it('answers 429 with Retry-After and the JSON error shape once the read budget is spent', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await call('/api/content/news', '203.0.113.1')).status);
    expect(statuses).toEqual([200, 200, 200]);
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

  it('gives each bearer token its own budget, within the IP budget of factor × one identity', async () => {
    const client = '203.0.113.4';
    const results: number[] = [];
    for (const token of ['token-a', 'token-b', 'token-c']) {
      for (let i = 0; i < 3; i++) results.push((await call('/api/content/news', client, { token })).status);
    }
    // Two identities' worth (3 × 2 = 6) from one address, then the address is limited whatever the token.
    expect(results).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429]);
    expect((await call('/api/content/news', '203.0.113.5', { token: 'token-c' })).status).toBe(200);
  });

  it('counts a reader without a token in its address’s own bucket, apart from the tokens of that address', async () => {
    const client = '203.0.113.7';
    const anonymous: number[] = [];
    for (let i = 0; i < 4; i++) anonymous.push((await call('/api/content/news', client)).status);
    expect(anonymous).toEqual([200, 200, 200, 429]);
    // The address's token budget (factor × one identity, 6) is untouched by those.
    const tokened: number[] = [];
    for (const token of ['token-d', 'token-e'])
      for (let i = 0; i < 3; i++) tokened.push((await call('/api/content/news', client, { token })).status);
    expect(tokened).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('limits one token across addresses', async () => {
    for (let i = 0; i < 3; i++) await call('/api/content/news', `198.51.100.${i}`, { token: 'roaming' });
    expect((await call('/api/content/news', '198.51.100.9', { token: 'roaming' })).status).toBe(429);
  });

  it('tells the client its remaining budget', async () => {
    const response = await call('/api/content/news', '203.0.113.6');
    expect(response.headers.get('x-ratelimit-limit')).toBe('3');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('2');
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
