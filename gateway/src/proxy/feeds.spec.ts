import 'reflect-metadata';
import type { ForwardResponse } from '../upstreams/upstream';
import { FakeUpstream, startTestGateway, type TestGateway } from '../../testing/test-gateway';

const xml = (body: string): ForwardResponse => ({
  statusCode: 200,
  headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  body: Buffer.from(body),
});

describe('feeds and content images through the gateway', () => {
  let gateway: TestGateway;
  let content: FakeUpstream;
  let trending: FakeUpstream;

  beforeAll(async () => {
    content = new FakeUpstream('content', ['/api/content', '/api/articles'], (request) => {
      if (request.url.startsWith('/api/content/images/')) {
        return {
          statusCode: 200,
          headers: { 'content-type': 'image/webp' },
          body: Buffer.from([0x52, 0x49, 0x46, 0x46]),
        };
      }
      return xml(`<rss><channel><title>${request.url}</title></channel></rss>`);
    });
    trending = new FakeUpstream('trending', ['/api/trending'], () => xml('<wrong/>'));
    gateway = await startTestGateway({ upstreams: [trending, content] });
  });

  afterAll(() => gateway.close());

  it.each([
    '/rss.xml',
    '/atom.xml',
    '/feed.json',
    '/sitemap.xml',
    '/news-sitemap.xml',
    '/category/gen-ai/rss.xml',
  ])('routes %s to the content service with its headers and query', async (path) => {
    const response = await fetch(`${gateway.base}${path}?page=2`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await response.text()).toBe(`<rss><channel><title>${path}?page=2</title></channel></rss>`);
    expect(content.requests.at(-1)).toMatchObject({ method: 'GET', url: `${path}?page=2` });
  });

  it('leaves a feed-like path that is not a feed to the front end', async () => {
    const before = content.requests.length;
    expect((await fetch(`${gateway.base}/category/gen-ai/atom.xml`)).status).toBe(404);
    expect((await fetch(`${gateway.base}/category/gen-ai/extra/rss.xml`)).status).toBe(404);
    expect(content.requests.length).toBe(before);
    expect(trending.requests).toHaveLength(0);
  });

  it('proxies content images like any /api path, bytes intact', async () => {
    const response = await fetch(`${gateway.base}/api/content/images/a1.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from([0x52, 0x49, 0x46, 0x46]));
  });
});
