import 'reflect-metadata';
import { gatewayConfigSchema } from '../gateway.config';
import { FakeUpstream, jsonResponse, startTestGateway, type TestGateway } from '../../testing/test-gateway';
import { contentSecurityPolicy, THEME_SCRIPT_SOURCE } from './security-headers';

const IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe('security headers', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    const content = new FakeUpstream('content', ['/api/content'], () => jsonResponse(200, { ok: true }));
    // Stored image bytes come with the content service's own sandbox policy (images/image-delivery.ts).
    const images = new FakeUpstream('images', ['/api/images'], () => ({
      statusCode: 200,
      headers: { 'content-type': 'image/svg+xml', 'content-security-policy': IMAGE_POLICY },
      body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    }));
    gateway = await startTestGateway({
      upstreams: [content, images],
      env: {
        REMOTE_NEWS_URL: 'https://cdn.example.com/news/mf-manifest.json',
        REMOTE_TRENDING_URL: 'http://localhost:3002/mf-manifest.json',
        RATE_LIMIT_WRITE_PER_MIN: '1',
        PUBLIC_SITE_URL: 'http://localhost:3000',
      },
    });
  });

  afterAll(() => gateway.close());

  it.each([
    ['a document', 'GET', '/news'],
    ['an unknown route', 'GET', '/no-such-page'],
    ['a proxied API answer', 'GET', '/api/content/news'],
    ['an unknown API path', 'GET', '/api/nothing'],
    ['a missing asset', 'GET', '/main.0000aaaa.js'],
    ['the runtime remote configuration', 'GET', '/env-config.json'],
    ['a liveness probe', 'GET', '/healthz'],
    ['an unrouted method', 'PUT', '/news'],
  ])('are on %s', async (_what, method, path) => {
    const response = await fetch(`${gateway.base}${path}`, { method });
    expect(response.headers.get('content-security-policy')).toContain("object-src 'none'");
    expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('permissions-policy')).toBe(
      'camera=(), microphone=(), geolocation=(), payment=()',
    );
  });

  it("leave out helmet's Cross-Origin-Resource-Policy, so other sites and feed readers can show our images", async () => {
    const response = await fetch(`${gateway.base}/news`);
    expect(response.headers.get('cross-origin-resource-policy')).toBeNull();
    expect(response.headers.get('x-dns-prefetch-control')).toBeNull();
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it("leave a proxied answer's own policy in place, the other headers added", async () => {
    const response = await fetch(`${gateway.base}/api/images/logo.svg`);
    expect(response.headers.get('content-security-policy')).toBe(IMAGE_POLICY);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('are on a rate-limited answer too', async () => {
    await fetch(`${gateway.base}/api/content/x`, { method: 'POST' });
    const limited = await fetch(`${gateway.base}/api/content/x`, { method: 'POST' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it("allow scripts, styles and fetches from this site and the absolute remotes' origins only", async () => {
    const response = await fetch(`${gateway.base}/`);
    const policy = directives(response.headers.get('content-security-policy')!);
    const allowed = ["'self'", 'https://cdn.example.com', 'http://localhost:3002'];
    // Plus the theme's head script, by its hash: no other inline script runs.
    expect(policy['script-src']).toEqual([...allowed, THEME_SCRIPT_SOURCE]);
    expect(policy['style-src']).toEqual(allowed);
    expect(policy['connect-src']).toEqual(allowed);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['frame-src']).toEqual(['https://www.youtube.com', 'https://www.youtube-nocookie.com']);
    expect(policy['img-src']).toEqual(
      expect.arrayContaining(["'self'", 'http://localhost:3000', 'data:', 'https:']),
    );
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
  });

  it('add no remote origin while the remotes are same-origin paths (the default)', () => {
    const policy = directives(contentSecurityPolicy(gatewayConfigSchema.parse({})));
    expect(policy['script-src']).toEqual(["'self'", THEME_SCRIPT_SOURCE]);
  });
});
