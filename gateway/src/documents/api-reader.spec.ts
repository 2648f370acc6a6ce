import { MemoryCacheStore } from '@pulse/platform';
import { MicroCache } from '../proxy/micro-cache';
import { RouteTable } from '../proxy/route-table';
import type { ForwardRequest, ForwardResponse, Upstream } from '../upstreams/upstream';
import { apiReader } from './api-reader';

/** Content as the page render reads it: counts its reads, tags its answers as the service does. */
function content() {
  const reads: string[] = [];
  const upstream = {
    service: 'content',
    prefixes: ['/api/content', '/api/articles'],
    forward: async (request: ForwardRequest): Promise<ForwardResponse> => {
      reads.push(request.url);
      if (request.url.startsWith('/api/articles/'))
        return { statusCode: request.url.endsWith('gone') ? 410 : 404, headers: {}, body: Buffer.from('{}') };
      return {
        statusCode: 200,
        headers: { 'content-type': 'application/json', 'cache-tag': 'article-lists' },
        body: Buffer.from(JSON.stringify({ articles: [{ id: 'a1' }] })),
      };
    },
  } as unknown as Upstream;
  return { upstream, reads };
}

describe('the server render’s API reads', () => {
  it('go through the micro-cache, so renders share what readers and other renders have just read', async () => {
    const { upstream, reads } = content();
    const table = new RouteTable([upstream]);
    const microCache = new MicroCache(new MemoryCacheStore(), 1000);
    const tags = new Set<string>();
    const read = apiReader(table, 'r1', tags, microCache);
    const answer = { status: 200, body: { articles: [{ id: 'a1' }] } };
    expect(await read('/api/content/news?limit=12')).toEqual(answer);
    expect(await apiReader(table, 'r2', new Set(), microCache)('/api/content/news?limit=12')).toEqual(answer);
    expect(reads).toEqual(['/api/content/news?limit=12']);
    // The answer's tags go to the document, which a purge of them drops.
    expect([...tags]).toEqual(['article-lists']);
  });

  it('collect the tags of answers read past the micro-cache too (it is off)', async () => {
    const { upstream, reads } = content();
    const tags = new Set<string>();
    const read = apiReader(new RouteTable([upstream]), 'r1', tags, new MicroCache(new MemoryCacheStore(), 0));
    await read('/api/content/news');
    await read('/api/content/news');
    expect(reads).toHaveLength(2);
    expect([...tags]).toEqual(['article-lists']);
  });

  it('say when the service has no such item, so the page draws its not-found state; other failures are no answer', async () => {
    const { upstream } = content();
    const read = apiReader(new RouteTable([upstream]), 'r1', new Set());
    expect(await read('/api/articles/missing')).toEqual({ status: 404 });
    expect(await read('/api/articles/gone')).toEqual({ status: 410 });
    expect(await read('/not-the-api')).toBeUndefined();
    expect(await read('/api/nobody-routes-this')).toBeUndefined();
  });
});
