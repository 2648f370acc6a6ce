import Fastify, { type FastifyInstance } from 'fastify';
import type { DocumentRenderer, RenderedDocument } from './document-renderer';
import { documentHandler } from './documents.plugin';

/** As the shell's bundle keys documents (frontends/shell document-url.ts): /search keeps its `q`, no other page reads one. */
function documentUrlOf(url: string): string {
  const [path, query = ''] = url.split('?');
  const q = new URLSearchParams(query).getAll('q');
  return path === '/search' && q.length > 0 ? `${path}?${new URLSearchParams(q.map((v) => ['q', v]))}` : path;
}

/** A renderer whose renders finish when the test says, recording the URLs it was asked for. */
function gatedRenderer() {
  const urls: string[] = [];
  const pending: Array<() => void> = [];
  const renderer = {
    render: (url: string) => {
      urls.push(url);
      return new Promise<RenderedDocument>((resolve) =>
        pending.push(() => resolve({ statusCode: 200, html: `<p>${url}</p>`, cache: 'public', tags: [] })),
      );
    },
    documentUrl: (url: string) => Promise.resolve(documentUrlOf(url)),
    busy: () => ({ statusCode: 503, html: '<p>busy</p>', retryAfterS: 5 }),
  } as unknown as DocumentRenderer;
  const finishAll = () => pending.splice(0).forEach((finish) => finish());
  return { renderer, urls, finishAll, pendingCount: () => pending.length };
}

/** Until the handler has asked the renderer for `count` renders in all (it does so in the same tick). */
async function untilRendering(state: { urls: string[] }, count: number) {
  for (let turn = 0; turn < 100 && state.urls.length < count; turn++) await new Promise(setImmediate);
  expect(state.urls.length).toBe(count);
}

describe('page documents keyed on what they render, rendered within a budget', () => {
  let fastify: FastifyInstance;
  const clock = 1_000_000;
  const get = (url: string) => fastify.inject({ method: 'GET', url });

  afterEach(() => fastify.close());

  async function serve(maxRenders?: number) {
    const gated = gatedRenderer();
    fastify = Fastify();
    fastify.decorateRequest('requestId', 'r');
    fastify.get(
      '/*',
      documentHandler(gated.renderer, {
        holdMs: 10_000,
        now: () => clock,
        renderBudget: maxRenders ? { concurrency: maxRenders, msPerSecond: 1000 } : undefined,
      }),
    );
    await fastify.ready();
    return gated;
  }

  it('renders the canonical URL once, whatever else the query holds, and replays it for every variant', async () => {
    const gated = await serve();
    const first = Promise.all([get('/?cb=1'), get('/?cb=2'), get('/')]);
    await untilRendering(gated, 1);
    gated.finishAll();
    const later = [...(await first), await get('/?utm_source=x'), await get('/?cb=3&cb=4')];
    expect(later.map((reply) => reply.body)).toEqual(Array(5).fill('<p>/</p>'));
    expect(new Set(later.map((reply) => reply.headers.etag)).size).toBe(1);
    expect(gated.urls).toEqual(['/']);
  });

  it('keeps the parameters a page reads: each search is its own document, rendered without the rest', async () => {
    const gated = await serve();
    const replies = Promise.all([get('/search?q=a&cb=1'), get('/search?cb=2&q=a'), get('/search?q=b')]);
    await untilRendering(gated, 2);
    gated.finishAll();
    expect((await replies).map((reply) => reply.body)).toEqual([
      '<p>/search?q=a</p>',
      '<p>/search?q=a</p>',
      '<p>/search?q=b</p>',
    ]);
    expect(gated.urls).toEqual(['/search?q=a', '/search?q=b']);
  });

  it('past the budget, answers a new URL with the busy document at once, and still serves held and rendering ones', async () => {
    const gated = await serve(1);
    const home = get('/');
    await untilRendering(gated, 1);
    gated.finishAll();
    expect((await home).statusCode).toBe(200);

    const searching = get('/search?q=a');
    await untilRendering(gated, 2);
    // The budget (1) is spent on /search?q=a: another search is not rendered, nor queued.
    const busy = await get('/search?q=b&cb=1');
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.headers['cache-control']).toBe('no-store');
    expect(busy.body).toBe('<p>busy</p>');
    // The held page and the one already rendering are still answered, with no render of their own.
    expect((await get('/?cb=9')).body).toBe('<p>/</p>');
    const joining = get('/search?q=a&utm_source=x');
    gated.finishAll();
    expect([(await searching).body, (await joining).body]).toEqual([
      '<p>/search?q=a</p>',
      '<p>/search?q=a</p>',
    ]);
    expect(gated.urls).toEqual(['/', '/search?q=a']);
    // The budget is free again.
    const next = get('/search?q=b');
    await untilRendering(gated, 3);
    gated.finishAll();
    expect((await next).statusCode).toBe(200);
  });
});
