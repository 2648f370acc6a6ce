import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { eventually } from '@pulse/testing';
import { entityTagOf } from '../edge/http-caching';
import type { DocumentRenderer, RenderedDocument } from './document-renderer';
import { MicroCache } from '../proxy/micro-cache';
import { MemoryCacheStore } from '@pulse/platform';
import { documentHandler } from './documents.plugin';

/** A renderer that counts its renders and answers what `next` says. */
function countingRenderer() {
  const state = {
    renders: 0,
    next: { statusCode: 200, html: '<p>v1</p>', cache: 'public', tags: [] } as RenderedDocument,
  };
  const renderer = {
    render: async () => {
      state.renders += 1;
      return state.next;
    },
    documentUrl: (url: string) => Promise.resolve(url.split('?')[0]),
  } as unknown as DocumentRenderer;
  return { renderer, state };
}

describe('page documents replayed for a moment (GATEWAY_DOCUMENT_CACHE_MS)', () => {
  let fastify: FastifyInstance;
  let clock = 1_000_000;
  const get = (url: string) => fastify.inject({ method: 'GET', url });

  afterEach(() => fastify.close());

  async function serve(holdMs: number, purges?: MicroCache, staleMs = 0) {
    const counting = countingRenderer();
    fastify = Fastify();
    fastify.decorateRequest('requestId', 'r');
    fastify.get('/*', documentHandler(counting.renderer, { holdMs, now: () => clock, purges, staleMs }));
    await fastify.ready();
    return counting.state;
  }

  it('renders again, instead of replaying, once what every document depends on moved (the remotes), with the policy of then', async () => {
    const counting = countingRenderer();
    let generation = 0;
    fastify = Fastify();
    fastify.decorateRequest('requestId', 'r');
    fastify.get(
      '/*',
      documentHandler(counting.renderer, {
        holdMs: 10_000,
        now: () => clock,
        generation: () => generation,
        contentSecurityPolicy: () =>
          `script-src 'self' ${generation === 0 ? '' : 'https://qa.example.net'}`.trim(),
      }),
    );
    await fastify.ready();
    expect((await get('/community/qa')).headers['content-security-policy']).toBe("script-src 'self'");
    await get('/community/qa');
    expect(counting.state.renders).toBe(1);
    generation = 1;
    counting.state.next = { statusCode: 200, html: '<p>v2</p>', cache: 'public', tags: [] };
    const moved = await get('/community/qa');
    expect(moved.body).toBe('<p>v2</p>');
    expect(moved.headers['content-security-policy']).toBe("script-src 'self' https://qa.example.net");
    expect((await get('/community/qa')).body).toBe('<p>v2</p>');
    expect(counting.state.renders).toBe(2);
  });

  it('past its hold, replays the lapsed copy while one render replaces it (GATEWAY_STALE_MS)', async () => {
    const state = await serve(1000, undefined, 5000);
    await get('/article/a1');
    state.next = { statusCode: 200, html: '<p>v2</p>', cache: 'public', tags: [] };
    clock += 1001;
    const readers = await Promise.all(Array.from({ length: 5 }, () => get('/article/a1')));
    expect(readers.map((reply) => reply.body)).toEqual(Array(5).fill('<p>v1</p>'));
    await eventually(async () => expect((await get('/article/a1')).body).toBe('<p>v2</p>'));
    expect(state.renders).toBe(2);
    // Past its stale time too: the reader waits for a render.
    state.next = { statusCode: 200, html: '<p>v3</p>', cache: 'public', tags: [] };
    clock += 6001;
    expect((await get('/article/a1')).body).toBe('<p>v3</p>');
    // A page that is gone by the refresh is not replayed any longer.
    state.next = { statusCode: 404, html: 'missing', cache: 'public', tags: [] };
    clock += 1001;
    expect((await get('/article/a1')).body).toBe('<p>v3</p>');
    await eventually(async () => expect((await get('/article/a1')).statusCode).toBe(404));
  });

  it('renders a 200 once per URL for the moment, replaying the same bytes with their ETag', async () => {
    const state = await serve(1000);
    const first = await get('/article/a1');
    state.next = { statusCode: 200, html: '<p>v2</p>', cache: 'public', tags: [] };
    const second = await get('/article/a1');
    expect([first.body, second.body, state.renders]).toEqual(['<p>v1</p>', '<p>v1</p>', 1]);
    expect(second.headers.etag).toBe(entityTagOf(Buffer.from('<p>v1</p>')));
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['cache-control']).toContain('s-maxage=60');
    await get('/article/a2');
    expect(state.renders).toBe(2);
    clock += 1001;
    expect((await get('/article/a1')).body).toBe('<p>v2</p>');
    expect(state.renders).toBe(3);
  });

  it('renders once for readers arriving while a render of their URL is under way, whatever the moment', async () => {
    for (const microCacheMs of [1000, 0]) {
      const state = await serve(microCacheMs);
      const bodies = await Promise.all(Array.from({ length: 20 }, () => get('/')));
      expect(bodies.map((response) => response.body)).toEqual(Array(20).fill('<p>v1</p>'));
      expect(state.renders).toBe(1);
      await fastify.close();
    }
    await serve(0);
  });

  it('never replays anything but a 200, and renders every request when the moment is 0', async () => {
    const state = await serve(1000);
    state.next = { statusCode: 404, html: 'missing', cache: 'public', tags: [] };
    await get('/article/gone');
    await get('/article/gone');
    expect(state.renders).toBe(2);
    await fastify.close();
    const off = await serve(0);
    await get('/article/a1');
    await get('/article/a1');
    expect(off.renders).toBe(2);
  });

  it('sends a document compressed as the reader accepts, one compression per encoding per held copy', async () => {
    const state = await serve(1000);
    const html = `<main>${'<p>기사 본문입니다.</p>'.repeat(200)}</main>`;
    state.next = { statusCode: 200, html, cache: 'public', tags: [] };
    const ask = (acceptEncoding?: string) =>
      fastify.inject({
        method: 'GET',
        url: '/article/big',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const plain = await ask();
    const brotli = await ask('gzip, deflate, br');
    const gzip = await ask('gzip, br;q=0');
    expect([
      plain.headers['content-encoding'],
      brotli.headers['content-encoding'],
      gzip.headers['content-encoding'],
    ]).toEqual([undefined, 'br', 'gzip']);
    expect(plain.body).toBe(html);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(html);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    expect(brotli.rawPayload.length).toBeLessThan(html.length / 5);
    expect(brotli.headers.vary).toBe('accept-encoding');
    // One tag per representation, all from the same render.
    const tag = entityTagOf(Buffer.from(html));
    expect([plain.headers.etag, brotli.headers.etag, gzip.headers.etag]).toEqual([
      tag,
      `${tag.slice(0, -1)}-br"`,
      `${tag.slice(0, -1)}-gzip"`,
    ]);
    expect(state.renders).toBe(1);
    // A short document is not worth compressing.
    state.next = { statusCode: 200, html: '<p>짧은 문서</p>', cache: 'public', tags: [] };
    const short = await fastify.inject({
      method: 'GET',
      url: '/article/short',
      headers: { 'accept-encoding': 'br' },
    });
    expect(short.headers['content-encoding']).toBeUndefined();
  });

  it('drops a held document when a purge names what it shows, and keeps the others', async () => {
    const purges = new MicroCache(new MemoryCacheStore(), 1000, () => clock);
    const state = await serve(10_000, purges);
    state.next = {
      statusCode: 200,
      html: '<p>a1 v1</p>',
      tags: ['article:a1', 'article-lists'],
      cache: 'public',
    };
    await get('/article/a1');
    state.next = {
      statusCode: 200,
      html: '<p>a2 v1</p>',
      tags: ['article:a2', 'article-lists'],
      cache: 'public',
    };
    await get('/article/a2');
    state.next = {
      statusCode: 200,
      html: '<p>v2</p>',
      tags: ['article:a1', 'article-lists'],
      cache: 'public',
    };
    await purges.purge(['article:a1']);
    expect((await get('/article/a1')).body).toBe('<p>v2</p>');
    expect((await get('/article/a2')).body).toBe('<p>a2 v1</p>');
    expect(state.renders).toBe(3);
  });

  it('serves a render a purge of its tags overtook, but does not hold it', async () => {
    const purges = new MicroCache(new MemoryCacheStore(), 1000, () => clock);
    let finish: (document: RenderedDocument) => void = () => undefined;
    let renders = 0;
    const renderer = {
      render: () => {
        renders += 1;
        return new Promise<RenderedDocument>((resolve) => (finish = resolve));
      },
      documentUrl: (url: string) => Promise.resolve(url),
    } as unknown as DocumentRenderer;
    fastify = Fastify();
    fastify.decorateRequest('requestId', 'r');
    fastify.get('/*', documentHandler(renderer, { holdMs: 10_000, now: () => clock, purges }));
    await fastify.ready();
    const first = get('/');
    await eventually(() => expect(renders).toBe(1));
    // The article changes while the page is being rendered from its old answers.
    await purges.purge(['article-lists']);
    finish({ statusCode: 200, html: '<p>old list</p>', tags: ['article-lists'], cache: 'public' });
    expect((await first).body).toBe('<p>old list</p>');
    const second = get('/');
    await eventually(() => expect(renders).toBe(2));
    finish({ statusCode: 200, html: '<p>new list</p>', tags: ['article-lists'], cache: 'public' });
    expect((await second).body).toBe('<p>new list</p>');
  });
});
