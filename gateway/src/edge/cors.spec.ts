import 'reflect-metadata';
import { FakeUpstream, jsonResponse, startTestGateway, type TestGateway } from '../../testing/test-gateway';

const ALLOWED = 'https://admin.pulse.example';

describe('CORS from an allowlist', () => {
  let gateway: TestGateway;
  let content: FakeUpstream;

  beforeAll(async () => {
    content = new FakeUpstream('content', ['/api/content'], () => jsonResponse(200, { ok: true }));
    gateway = await startTestGateway({
      upstreams: [content],
      env: { CORS_ORIGINS: `${ALLOWED}, http://localhost:5173` },
    });
  });

  afterAll(() => gateway.close());

  it('names an allowed origin back and exposes the request id and rate-limit headers', async () => {
    const response = await fetch(`${gateway.base}/api/content/news`, { headers: { origin: ALLOWED } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(response.headers.get('access-control-expose-headers')).toContain('x-request-id');
    expect(response.headers.get('access-control-expose-headers')).toContain('retry-after');
    expect(response.headers.get('vary')).toContain('Origin');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(gateway.app.getHttpAdapter().getInstance().hasPlugin('@fastify/cors')).toBe(true);
  });

  it('gives any other origin no CORS headers, so the browser withholds the answer', async () => {
    const response = await fetch(`${gateway.base}/api/content/news`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers an allowed preflight itself, without calling the service', async () => {
    const before = content.requests.length;
    const response = await fetch(`${gateway.base}/api/content/news`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(response.headers.get('access-control-allow-headers')).toContain('content-type');
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(content.requests.length).toBe(before);
  });

  it('refuses a preflight from an origin not on the list with a JSON 403', async () => {
    const response = await fetch(`${gateway.base}/api/content/news`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(await response.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'origin: https://evil.example is not allowed to call this API',
    });
  });
});

describe('CORS with no allowlist (the default)', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    const content = new FakeUpstream('content', ['/api/content'], () => jsonResponse(200, { ok: true }));
    gateway = await startTestGateway({ upstreams: [content] });
  });

  afterAll(() => gateway.close());

  it('is same-origin only', async () => {
    const simple = await fetch(`${gateway.base}/api/content/news`, {
      headers: { origin: 'https://pulse.example' },
    });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${gateway.base}/api/content/news`, {
      method: 'OPTIONS',
      headers: { origin: 'https://pulse.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
  });
});
