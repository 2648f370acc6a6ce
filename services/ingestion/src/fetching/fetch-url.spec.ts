import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_FIXTURES_ROOT,
  HOSTILE_ROUTES,
  startFixtureServer,
  type FixtureServer,
} from '@pulse/testing';
import { fetchUrl, USER_AGENT } from './fetch-url';
import { expectFailed, testFetcher } from '../../testing/fetching/fetch-url.test-helpers';

const KOREAN_TITLE = '펄스 테스트 피드: 똠방각하와 햏자의 인공지능 뉴스';

describe('fetchUrl: ordinary fetches, conditional GET, charsets', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(() => server.close());
  const local = (p: string) => ({ url: `${server.url}${p}`, allowPrivateNetwork: true });

  it('fetches a file with our User-Agent, Accept and Accept-Encoding, and returns its validators', async () => {
    const outcome = await fetchUrl(local('/hostile/malformed.xml'));
    expect(outcome).toMatchObject({
      kind: 'fetched',
      status: 200,
      finalUrl: `${server.url}/hostile/malformed.xml`,
      charset: 'utf-8',
    });
    if (outcome.kind !== 'fetched') return;
    expect(outcome.etag).toMatch(/^".+"$/);
    expect(outcome.lastModified).toMatch(/GMT$/);
    expect(outcome.contentType).toBe('application/xml');
    const sent = server.requests.at(-1)!.headers;
    expect(sent['user-agent']).toBe(USER_AGENT);
    expect(sent['accept']).toContain('application/rss+xml');
    expect(sent['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('round-trips a conditional GET: ETag and Last-Modified each get a 304', async () => {
    const first = await fetchUrl(local('/hostile/xxe.xml'));
    if (first.kind !== 'fetched') throw new Error(`expected fetched, got ${JSON.stringify(first)}`);

    const byEtag = await fetchUrl({ ...local('/hostile/xxe.xml'), etag: first.etag });
    expect(byEtag).toMatchObject({
      kind: 'not-modified',
      status: 304,
      finalUrl: `${server.url}/hostile/xxe.xml`,
    });
    expect(server.requests.at(-1)!.headers['if-none-match']).toBe(first.etag);

    const byDate = await fetchUrl({ ...local('/hostile/xxe.xml'), lastModified: first.lastModified });
    expect(byDate.kind).toBe('not-modified');
    expect(server.requests.at(-1)!.headers['if-modified-since']).toBe(first.lastModified);

    const stale = await fetchUrl({ ...local('/hostile/xxe.xml'), etag: '"something-else"' });
    expect(stale).toMatchObject({ kind: 'fetched', etag: first.etag });
  });

  // Parsing these safely (no entity expansion, no external entities) is the parser's job; the fetcher must
  // simply deliver them intact.
  it.each(['malformed.xml', 'billion-laughs.xml', 'xxe.xml'])(
    'fetches the hostile document %s as it is',
    async (file) => {
      const outcome = await fetchUrl(local(`/hostile/${file}`));
      expect(outcome).toMatchObject({
        kind: 'fetched',
        text: readFileSync(path.join(DEFAULT_FIXTURES_ROOT, 'hostile', file), 'utf8'),
      });
    },
  );

  it.each([
    ['a UTF-8 BOM', '/hostile/utf8-bom-feed.xml', 'utf-8'],
    ['a UTF-16 LE BOM', '/hostile/utf16le-feed.xml', 'utf-16le'],
    ['a UTF-16 BE BOM', '/hostile/utf16be-feed.xml', 'utf-16be'],
    ['an XML declaration of EUC-KR', '/hostile/euc-kr-feed.xml', 'cp949'],
    ['an HTML meta of euc-kr', '/hostile/euc-kr-page.html', 'cp949'],
    [
      'a Content-Type of euc-kr',
      HOSTILE_ROUTES.file('hostile/euc-kr-undeclared.xml', { type: 'application/rss+xml; charset=euc-kr' }),
      'cp949',
    ],
    [
      'a Content-Type of ks_c_5601-1987',
      HOSTILE_ROUTES.file('hostile/euc-kr-undeclared.xml', { type: 'text/xml; charset=ks_c_5601-1987' }),
      'cp949',
    ],
  ])('decodes Korean text given %s', async (_case, route, charset) => {
    const outcome = await fetchUrl(local(route));
    expect(outcome).toMatchObject({ kind: 'fetched', charset });
    if (outcome.kind !== 'fetched') return;
    expect(outcome.text).toContain(KOREAN_TITLE);
    expect(outcome.text).not.toContain('\ufffd');
    expect(outcome.text.charCodeAt(0)).not.toBe(0xfeff);
  });

  it('falls back to UTF-8 on an unknown charset and says so in warnings', async () => {
    const outcome = await fetchUrl(
      local(HOSTILE_ROUTES.file('hostile/malformed.xml', { type: 'text/xml; charset=x-klingon' })),
    );
    expect(outcome).toMatchObject({
      kind: 'fetched',
      charset: 'utf-8',
      warnings: [expect.stringContaining('x-klingon')],
    });
  });

  it.each(['gzip', 'deflate', 'br'] as const)('undoes Content-Encoding %s', async (encoding) => {
    const outcome = await fetchUrl(local(HOSTILE_ROUTES.file('hostile/euc-kr-feed.xml', { encoding })));
    expect(outcome).toMatchObject({ kind: 'fetched', charset: 'cp949' });
    expect(outcome.kind === 'fetched' && outcome.text).toContain(KOREAN_TITLE);
  });

  it('follows redirects up to the limit and reports the final URL', async () => {
    expect(await fetchUrl(local(HOSTILE_ROUTES.redirectChain(5)))).toMatchObject({
      kind: 'fetched',
      text: 'end of the chain',
      finalUrl: `${server.url}${HOSTILE_ROUTES.redirectChain(0)}`,
    });
    expectFailed(await fetchUrl(local(HOSTILE_ROUTES.redirectChain(6))), 'too-many-redirects');
    expectFailed(
      await fetchUrl({ ...local(HOSTILE_ROUTES.redirectChain(1)), maxRedirects: 0 }),
      'too-many-redirects',
    );
  });

  it('ends a redirect loop with too-many-redirects', async () => {
    const before = server.requests.length;
    expectFailed(await fetchUrl(local(HOSTILE_ROUTES.redirectLoop)), 'too-many-redirects');
    expect(server.requests.length - before).toBe(6); // the first request and 5 followed hops
  });

  it.each([404, 500, 503])('fails a %i with http-status', async (status) => {
    expect(await fetchUrl(local(HOSTILE_ROUTES.status(status)))).toMatchObject({
      kind: 'failed',
      reason: 'http-status',
      status,
    });
  });

  it('connects to the address the guard vetted, resolving once per hop', async () => {
    // The resolver answers a public address once, then loopback (DNS rebinding). The socket must use the
    // first, checked answer; the rebound one is only ever seen by the guard of a later hop, which refuses it.
    let calls = 0;
    const { fetch, lookups } = testFetcher({
      'rebind.public.test': () => (++calls === 1 ? ['93.184.215.14'] : ['127.0.0.1']),
    });
    const port = new URL(server.url).port;
    expect(await fetch({ url: `http://rebind.public.test:${port}/hostile/xxe.xml` })).toMatchObject({
      kind: 'fetched',
    });
    expect(lookups).toEqual(['rebind.public.test']);

    const chained = await fetch({
      url: `http://rebind.public.test:${port}${HOSTILE_ROUTES.redirectChain(1)}`,
    });
    expectFailed(chained, 'blocked-address');
  });
});
