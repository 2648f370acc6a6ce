import 'reflect-metadata';
import { Controller, Get, Module, Post, type Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SERVICE_HTTP_PREFIXES } from '@pulse/contracts';
import { createServiceApp, type OpenApiDocument } from '@pulse/platform';
import pino from 'pino';
import { parseHTML } from 'linkedom';
import {
  capturingLogger,
  FakeUpstream,
  jsonResponse,
  startTestGateway,
  type TestGateway,
} from '../../testing/test-gateway';
import { InProcessUpstream } from '../upstreams/in-process.upstream';

/**
 * Stand-ins for the services: each registers a few of its real paths, and only those may be documented
 * (the rest of its ENDPOINTS rows are not served by these apps).
 */
@Controller()
class ContentRoutes {
  @Get('/api/articles/:id') article() {}
  @Get('/api/content/news') news() {}
  @Get('/api/sources') sources() {}
  @Post('/api/interactions/like') like() {}
}
@Controller()
class TrendingRoutes {
  @Get('/api/trending/rising') rising() {}
}
@Controller()
class CommunityRoutes {
  @Post('/api/community/questions') ask() {}
  @Get('/api/community/auth/me') me() {}
}
const moduleWith = (controller: Type) => {
  @Module({ controllers: [controller] })
  class RoutesModule {}
  return RoutesModule;
};
const MODULES = {
  content: moduleWith(ContentRoutes),
  trending: moduleWith(TrendingRoutes),
  community: moduleWith(CommunityRoutes),
};

const logger = pino({ level: 'silent' });

/** The services whose document the gateway could not fetch, as the public page names them. */
const UNAVAILABLE = [
  { service: 'newsletter', reason: 'unreachable' },
  { service: 'newsroom', reason: 'timed out' },
  { service: 'translation', reason: 'bad document' },
];

/** Real service apps (each serves its own /openapi.json through the platform) behind the gateway. */
describe('merged OpenAPI at /api/docs', () => {
  let gateway: TestGateway;
  const apps: NestFastifyApplication[] = [];
  const gatewayLog = capturingLogger();

  beforeAll(async () => {
    const upstreams = [];
    for (const name of ['content', 'trending', 'community'] as const) {
      const app = await createServiceApp(
        {
          name,
          module: MODULES[name],
          uses: [],
          defaultPort: 0,
          httpPrefixes: SERVICE_HTTP_PREFIXES[name],
        },
        {},
        logger,
      );
      apps.push(app);
      upstreams.push(new InProcessUpstream(name, SERVICE_HTTP_PREFIXES[name], app));
    }
    const down = new FakeUpstream('newsletter', ['/api/subscribers'], () => {
      throw new Error('connect ECONNREFUSED 10.0.3.7:3106');
    });
    const slow = new FakeUpstream('newsroom', ['/api/newsroom'], () => {
      throw Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' });
    });
    const garbled = new FakeUpstream('translation', ['/api/translation'], () => ({
      ...jsonResponse(200, {}),
      body: Buffer.from('<html>proxy error at 10.0.3.9</html>'),
    }));
    gateway = await startTestGateway({
      upstreams: [...upstreams, down, slow, garbled],
      env: { PUBLIC_SITE_URL: 'https://pulse.example' },
      logger: gatewayLog.logger,
    });
  });

  afterAll(async () => {
    await gateway.close();
    for (const app of apps) await app.close();
  });

  const docs = async () => (await (await fetch(`${gateway.base}/api/docs`)).json()) as OpenApiDocument;

  it("is one OpenAPI 3.1 document with every reachable service's paths, tagged by service", async () => {
    const document = await docs();
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'https://pulse.example' }]);
    expect(document.tags.map((tag) => tag.name)).toEqual(['content', 'trending', 'community']);
    expect(document.paths['/api/articles/{id}'].get).toMatchObject({
      operationId: 'article',
      tags: ['content'],
    });
    expect(document.paths['/api/trending/rising'].get).toMatchObject({
      operationId: 'rising',
      tags: ['trending'],
    });
    expect(document.paths['/api/community/questions'].post).toMatchObject({ operationId: 'createQuestion' });
    expect(document.components.schemas.ErrorBody).toMatchObject({
      required: ['statusCode', 'error', 'message'],
    });
  });

  it('carries query and body schemas generated from the zod schemas, and the common errors', async () => {
    const document = await docs();
    const news = document.paths['/api/content/news'].get!;
    expect(news.parameters).toEqual(
      expect.arrayContaining([
        {
          name: 'limit',
          in: 'query',
          required: false,
          schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 50 }),
        },
        { name: 'hot', in: 'query', required: false, schema: { type: 'string', enum: ['true', 'false'] } },
      ]),
    );
    const like = document.paths['/api/interactions/like'].post!;
    expect(like.requestBody?.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['contentId', 'contentType'],
      additionalProperties: false,
    });
    expect(Object.keys(like.responses).sort()).toEqual(['200', '400', '404', '413', '429', '431']);
    expect(like.responses['400'].content?.['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
    const article = document.paths['/api/articles/{id}'].get!;
    expect(article.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
    expect(Object.keys(article.responses)).toContain('404');
  });

  it("marks the paths the seeds did not name as x-origin 'chosen'", async () => {
    const document = await docs();
    expect(document.paths['/api/sources'].get!['x-origin']).toBe('chosen');
    expect(document.paths['/api/community/auth/me'].get!['x-origin']).toBe('chosen');
    expect(document.paths['/api/content/news'].get!['x-origin']).toBe('docs/spec-content.md §7');
  });

  it('documents only what the services register: a table row no handler answers is left out', async () => {
    const document = await docs();
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/articles/{id}',
      '/api/community/auth/me',
      '/api/community/questions',
      '/api/content/news',
      '/api/interactions/like',
      '/api/sources',
      '/api/trending/rising',
    ]);
    expect(Object.keys(document.paths['/api/community/questions'])).toEqual(['post']);
  });

  it('names a service whose document could not be fetched instead of failing, and why only in general', async () => {
    const document = await docs();
    expect(document['x-unavailable-services']).toEqual(UNAVAILABLE);
    expect(document.paths['/api/subscribers']).toBeUndefined();
    // The page is public: internal addresses stay out of it, and the detail goes to the gateway's log.
    expect(JSON.stringify(document)).not.toContain('10.0.3.');
    expect(gatewayLog.lines()).toContainEqual(
      expect.objectContaining({
        service: 'newsletter',
        err: expect.objectContaining({ message: 'connect ECONNREFUSED 10.0.3.7:3106' }),
      }),
    );
  });

  /** What a browser sends when the address bar opens /api/docs. */
  const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
  const viewerPage = async (path: string, accept?: string) => {
    const response = await fetch(`${gateway.base}${path}`, accept ? { headers: { accept } } : {});
    return { response, document: parseHTML(await response.text()).document };
  };

  it('answers a browser at /api/docs (and anyone at /api/docs.html) with the interactive viewer', async () => {
    for (const [path, accept] of [
      ['/api/docs', BROWSER_ACCEPT],
      ['/api/docs.html', undefined],
    ] as const) {
      const { response, document } = await viewerPage(path, accept);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(document.querySelector('#swagger-ui')?.getAttribute('data-spec-url')).toBe(
        '/api/docs/openapi.json',
      );
      const scripts = Array.from(document.querySelectorAll('script')).map((script) =>
        script.getAttribute('src'),
      );
      expect(scripts).toEqual([
        expect.stringMatching(/^\/api\/docs\/assets\/[\d.]+\/swagger-ui-bundle\.js$/),
        expect.stringMatching(/^\/api\/docs\/assets\/[\d.]+\/viewer\.js$/),
      ]);
      // The site's CSP holds on this page as everywhere: scripts from this origin only, none inline.
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|cdn|unpkg|jsdelivr/);
    }
    // Scripts and curl (*/*) keep getting the document; caches keep the two answers apart.
    const plain = await fetch(`${gateway.base}/api/docs`);
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(plain.headers.get('vary')).toMatch(/accept/i);
  });

  it("loads every file of the viewer from this origin, Swagger UI's own included", async () => {
    const { document } = await viewerPage('/api/docs.html');
    const assets = [
      ...Array.from(document.querySelectorAll('script')).map((script) => script.getAttribute('src')!),
      ...Array.from(document.querySelectorAll('link[rel="stylesheet"]')).map((link) =>
        link.getAttribute('href')!,
      ),
    ];
    expect(assets).toHaveLength(3);
    for (const asset of assets) {
      // Root-relative: resolved against the page's own origin, never another host.
      expect(asset).toMatch(/^\/api\/docs\/assets\//);
      const response = await fetch(`${gateway.base}${asset}`, { headers: { 'accept-encoding': 'identity' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toContain('immutable');
      const body = await response.text();
      if (asset.endsWith('.css')) {
        expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8');
        expect(body).toContain('.swagger-ui');
      } else {
        expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
        expect(body).toContain('SwaggerUIBundle');
      }
    }
    const bundle = assets.find((asset) => asset.endsWith('swagger-ui-bundle.js'))!;
    const gzipped = await fetch(`${gateway.base}${bundle}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toContain('SwaggerUIBundle');
    const outside = bundle.replace('swagger-ui-bundle.js', 'package.json');
    expect((await fetch(`${gateway.base}${outside}`)).status).toBe(404);
  });

  it('points the viewer at a URL that answers the merged document', async () => {
    const { document } = await viewerPage('/api/docs.html');
    const specUrl = document.querySelector('#swagger-ui')!.getAttribute('data-spec-url')!;
    const response = await fetch(new URL(specUrl, gateway.base), { headers: { accept: 'text/html' } });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const viewed = (await response.json()) as OpenApiDocument;
    expect(viewed.openapi).toBe('3.1.0');
    expect(Object.keys(viewed.paths).sort()).toEqual(Object.keys((await docs()).paths).sort());
    expect(viewed['x-unavailable-services']).toEqual(UNAVAILABLE);
  });

  it("leaves the services' own /openapi.json unrouted: the public docs are /api/docs", async () => {
    expect((await fetch(`${gateway.base}/openapi.json`)).status).toBe(404);
  });
});
