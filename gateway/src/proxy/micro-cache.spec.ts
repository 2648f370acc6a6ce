import 'reflect-metadata';
import { FakeUpstream, jsonResponse, startTestGateway, type TestGateway } from '../../testing/test-gateway';

const ADMIN_TOKEN = 'micro-cache-spec-admin-token-0123456789';

describe('the micro-cache', () => {
  let gateway: TestGateway;
  let content: FakeUpstream;
  let likesSeen = 0;

  beforeAll(async () => {
    content = new FakeUpstream(
      'content',
      ['/api/content', '/api/articles', '/api/interactions'],
      (request) => {
        if (request.url.startsWith('/api/interactions')) {
          likesSeen += 1;
          return {
            ...jsonResponse(200, { liked: likesSeen % 2 === 1 }),
            headers: { 'content-type': 'application/json', 'cache-control': 'private, no-store' },
          };
        }
        if (request.url.startsWith('/api/articles/missing')) return jsonResponse(404, { statusCode: 404 });
        return jsonResponse(200, { url: request.url, at: content.requests.length });
      },
    );
    gateway = await startTestGateway({
      upstreams: [content],
      env: { GATEWAY_MICROCACHE_MS: '60000', ADMIN_TOKEN },
    });
  });

  afterAll(() => gateway.close());

  const countOf = (url: string) => content.requests.filter((request) => request.url === url).length;

  it('answers many concurrent readers of one public resource with one upstream fetch', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${gateway.base}/api/articles/a1`).then((r) => r.json())),
    );
    expect(new Set(responses.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(countOf('/api/articles/a1')).toBe(1);
    const again = await fetch(`${gateway.base}/api/articles/a1`);
    expect(again.headers.get('cache-control')).toContain('s-maxage');
    expect(countOf('/api/articles/a1')).toBe(1);
  });

  it('keys by the path and the parameters the contract declares, in its order', async () => {
    await fetch(`${gateway.base}/api/content/news?offset=12&limit=12`);
    await fetch(`${gateway.base}/api/content/news?limit=12&offset=12`);
    await fetch(`${gateway.base}/api/content/news?limit=12&offset=24`);
    expect(countOf('/api/content/news?limit=12&offset=12')).toBe(1);
    expect(countOf('/api/content/news?limit=12&offset=24')).toBe(1);
    expect(content.requests.some((request) => request.url.startsWith('/api/content/news?offset'))).toBe(
      false,
    );
  });

  it('refuses a parameter the contract does not declare, for every caller, without a trip to the service', async () => {
    const before = content.requests.length;
    for (const headers of [{}, { authorization: 'Bearer made-up' }] as Array<Record<string, string>>) {
      const response = await fetch(`${gateway.base}/api/articles/a1?cb=${Math.random()}&x=1`, { headers });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'unknown parameter(s): cb, x',
      });
    }
    const list = await fetch(`${gateway.base}/api/content/news?limit=12&sotr=latest`);
    expect((await list.json()).message).toBe('unknown parameter(s): sotr');
    expect(content.requests.length).toBe(before);
  });

  it('never shares what depends on the reader, an error, or a request with a credential', async () => {
    const first = await (await fetch(`${gateway.base}/api/interactions/status/a1`)).json();
    const second = await (await fetch(`${gateway.base}/api/interactions/status/a1`)).json();
    expect([first, second]).toEqual([{ liked: true }, { liked: false }]);
    await fetch(`${gateway.base}/api/articles/missing`);
    await fetch(`${gateway.base}/api/articles/missing`);
    expect(countOf('/api/articles/missing')).toBe(2);
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    await fetch(`${gateway.base}/api/articles/a2`, { headers: admin });
    await fetch(`${gateway.base}/api/articles/a2`, { headers: admin });
    expect(countOf('/api/articles/a2')).toBe(2);
  });

  it('shares the read of a made-up bearer as an anonymous one, forwarded without it', async () => {
    for (let i = 0; i < 5; i += 1) {
      const response = await fetch(`${gateway.base}/api/articles/a4`, {
        headers: { authorization: `Bearer made-up-${i}-${Math.random()}` },
      });
      expect(response.status).toBe(200);
    }
    expect(countOf('/api/articles/a4')).toBe(1);
    const asked = content.requests.find((request) => request.url === '/api/articles/a4');
    expect(asked?.headers.authorization).toBeUndefined();
  });

  it('lets a reader who has just written read past it, so a reload shows their own change', async () => {
    await fetch(`${gateway.base}/api/articles/a3`);
    await fetch(`${gateway.base}/api/articles/a3`);
    expect(countOf('/api/articles/a3')).toBe(1);
    await fetch(`${gateway.base}/api/articles/a3/like`, { method: 'POST' });
    await fetch(`${gateway.base}/api/articles/a3`);
    expect(countOf('/api/articles/a3')).toBe(2);
  });
});
