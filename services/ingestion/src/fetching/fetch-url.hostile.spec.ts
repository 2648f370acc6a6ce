import { HOSTILE_ROUTES, startFixtureServer, type FixtureServer } from '@pulse/testing';
import type { FetchOutcome } from '../pipeline/pipeline.types';
import { fetchUrl } from './fetch-url';
import { expectFailed, testFetcher } from '../../testing/fetching/fetch-url.test-helpers';

const MiB = 1024 * 1024;
/** The most a single read can overshoot the cap: one socket / zlib chunk. */
const ONE_CHUNK = 64 * 1024;

describe('fetchUrl: the SSRF guard and the limits', () => {
  let server: FixtureServer;
  let port: string;
  beforeAll(async () => {
    server = await startFixtureServer();
    port = new URL(server.url).port;
  });
  afterAll(() => server.close());
  const local = (p: string, extra: object = {}) => ({
    url: `${server.url}${p}`,
    allowPrivateNetwork: true,
    ...extra,
  });

  describe('addresses', () => {
    it('refuses the fixture server itself (loopback) unless the source allows private networks', async () => {
      const before = server.requests.length;
      const outcome = await fetchUrl({ url: `${server.url}/hostile/xxe.xml` });
      expectFailed(outcome, 'blocked-address');
      expect(outcome.kind === 'failed' && outcome.message).toContain('loopback');
      expect(server.requests.length).toBe(before); // refused before connecting
    });

    it.each([
      'http://127.1:PORT/',
      'http://2130706433:PORT/',
      'http://0177.0.0.1:PORT/',
      'http://0x7f.1:PORT/',
      'http://[::1]:PORT/',
      'http://[::ffff:7f00:1]:PORT/',
      'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://100.64.0.1/',
      'http://0.0.0.0:PORT/',
      'http://[2002:7f00:1::]/',
      'http://[64:ff9b::7f00:1]/',
      'http://localhost:PORT/', // the real resolver: a name that resolves to loopback
    ])('refuses %s', async (template) => {
      const before = server.requests.length;
      expectFailed(await fetchUrl({ url: template.replace('PORT', port) }), 'blocked-address');
      expect(server.requests.length).toBe(before);
    });

    it.each([
      ['127.1', HOSTILE_ROUTES.redirectTo127_1],
      ['[::ffff:a9fe:a9fe]', HOSTILE_ROUTES.redirectToMappedMetadata],
      ['decimal 2130706433', HOSTILE_ROUTES.redirectToDecimal],
      ['a name resolving to a private address', HOSTILE_ROUTES.redirectTo('http://intranet.example.test/')],
      [
        'a name with one private answer among public ones',
        HOSTILE_ROUTES.redirectTo('http://dual.example.test/'),
      ],
      [
        'the fixture server by its loopback address',
        HOSTILE_ROUTES.redirectTo('http://127.0.0.1:PORT/hostile/xxe.xml'),
      ],
    ])('re-checks every hop: a public first hop redirecting to %s is blocked', async (_case, route) => {
      const { fetch } = testFetcher({
        'intranet.example.test': ['10.1.2.3'],
        'dual.example.test': ['93.184.215.14', '192.168.0.10'],
      });
      const before = server.requests.length;
      const outcome = await fetch({ url: `http://feeds.public.test:${port}${route.replace('PORT', port)}` });
      expectFailed(outcome, 'blocked-address');
      expect(server.requests.length - before).toBe(1); // only the public first hop reached a server
    });

    it('lets a public first hop through the test DNS (so the hops above really were re-checked)', async () => {
      const { fetch } = testFetcher();
      expect(await fetch({ url: `http://feeds.public.test:${port}/hostile/xxe.xml` })).toMatchObject({
        kind: 'fetched',
      });
    });

    it('fails a name that does not resolve with network', async () => {
      const { fetch } = testFetcher();
      expectFailed(await fetch({ url: 'http://nowhere.invalid/' }), 'network');
    });
  });

  describe('URLs', () => {
    it.each([
      'ftp://example.com/feed.xml',
      'file:///etc/passwd',
      'gopher://example.com/',
      'javascript:alert(1)',
      'data:text/xml,<rss/>',
      'ws://example.com/',
      'not a url',
      '',
      'http://user:secret@example.com/feed.xml',
      'http://user@example.com/',
    ])('refuses %j with bad-url', async (url) => {
      expectFailed(await fetchUrl({ url }), 'bad-url');
    });

    it('refuses a redirect to another scheme', async () => {
      expectFailed(await fetchUrl(local(HOSTILE_ROUTES.redirectTo('file:///etc/passwd'))), 'bad-url');
      expectFailed(await fetchUrl(local(HOSTILE_ROUTES.redirectTo('ftp://example.com/'))), 'bad-url');
    });
  });

  describe('size and time', () => {
    it('stops reading a 50 MB body at the byte cap, without buffering it', async () => {
      const progress: number[] = [];
      const { fetch } = testFetcher({}, { onBodyProgress: (n) => progress.push(n) });
      const memoryBefore = process.memoryUsage();
      const outcome = await fetch({
        url: `http://feeds.public.test:${port}${HOSTILE_ROUTES.huge}`,
        maxBytes: MiB,
      });
      const memoryAfter = process.memoryUsage();

      expectFailed(outcome, 'too-large');
      const bytesRead = Math.max(...progress);
      expect(bytesRead).toBeGreaterThan(MiB);
      expect(bytesRead).toBeLessThanOrEqual(MiB + ONE_CHUNK);
      // The server could only push what the socket buffers took before we hung up: far from 50 MB.
      expect(server.bytesSent(HOSTILE_ROUTES.huge)).toBeLessThan(16 * MiB);
      const grown =
        memoryAfter.arrayBuffers + memoryAfter.heapUsed - (memoryBefore.arrayBuffers + memoryBefore.heapUsed);
      expect(grown).toBeLessThan(20 * MiB);
    });

    it('refuses an announced Content-Length over the cap before reading', async () => {
      const progress: number[] = [];
      const { fetch } = testFetcher({}, { onBodyProgress: (n) => progress.push(n) });
      const outcome = await fetch({
        url: `http://feeds.public.test:${port}${HOSTILE_ROUTES.huge}?announce=1`,
        maxBytes: MiB,
      });
      expectFailed(outcome, 'too-large');
      expect(outcome.kind === 'failed' && outcome.message).toContain('Content-Length');
      expect(progress).toEqual([]);
    });

    it('stops a gzip bomb at the cap on decompressed bytes', async () => {
      const progress: number[] = [];
      const { fetch } = testFetcher({}, { onBodyProgress: (n) => progress.push(n) });
      const outcome = await fetch({
        url: `http://feeds.public.test:${port}${HOSTILE_ROUTES.gzipBomb}`,
        maxBytes: MiB,
      });
      expectFailed(outcome, 'too-large');
      expect(outcome.kind === 'failed' && outcome.message).toContain('decompressed');
      expect(Math.max(...progress)).toBeLessThanOrEqual(MiB + ONE_CHUNK);
      // What crossed the wire was a few kilobytes per decompressed megabyte.
      expect(server.bytesSent(HOSTILE_ROUTES.gzipBomb)).toBeLessThan(MiB);
    });

    it('ends a trickling body with the total timeout', async () => {
      const outcome = await fetchUrl(local(`${HOSTILE_ROUTES.trickle}?everyMs=50`, { totalTimeoutMs: 400 }));
      expectFailed(outcome, 'timeout');
      expect(outcome.durationMs).toBeGreaterThanOrEqual(350);
      expect(outcome.durationMs).toBeLessThan(3_000);
      expect(server.bytesSent(HOSTILE_ROUTES.trickle)).toBeGreaterThan(1); // it did start to arrive
    });

    it('ends a slow first byte with the total timeout', async () => {
      const outcome = await fetchUrl(local(HOSTILE_ROUTES.slowFirstByte(10_000), { totalTimeoutMs: 300 }));
      expectFailed(outcome, 'timeout');
      expect(outcome.durationMs).toBeLessThan(3_000);
    });

    it('ends a hanging DNS lookup with the total timeout', async () => {
      const { fetch } = testFetcher({}, { resolve: () => new Promise(() => undefined) });
      expectFailed(await fetch({ url: 'http://slow-dns.example.test/', totalTimeoutMs: 200 }), 'timeout');
    });
  });

  it('never throws, whatever it is given, all at once', async () => {
    const { fetch } = testFetcher();
    const inputs = [
      { url: `http://feeds.public.test:${port}${HOSTILE_ROUTES.huge}`, maxBytes: MiB },
      { url: `http://feeds.public.test:${port}${HOSTILE_ROUTES.gzipBomb}`, maxBytes: MiB },
      { url: `http://feeds.public.test:${port}${HOSTILE_ROUTES.redirectLoop}` },
      { url: `http://feeds.public.test:${port}${HOSTILE_ROUTES.redirectTo127_1}` },
      { url: `http://feeds.public.test:${port}${HOSTILE_ROUTES.trickle}`, totalTimeoutMs: 300 },
      { url: `http://feeds.public.test:${port}${HOSTILE_ROUTES.status(500)}` },
      { url: `http://feeds.public.test:${port}/hostile/billion-laughs.xml` },
      { url: 'file:///etc/passwd' },
      { url: undefined as any, maxBytes: -1, totalTimeoutMs: Number.NaN },
    ];
    const settled = await Promise.allSettled(inputs.map((input) => fetch(input)));
    expect(settled.every((s) => s.status === 'fulfilled')).toBe(true);
    const kinds = settled.map((s) => (s as PromiseFulfilledResult<FetchOutcome>).value);
    expect(kinds.map((o) => (o.kind === 'failed' ? o.reason : o.kind))).toEqual([
      'too-large',
      'too-large',
      'too-many-redirects',
      'blocked-address',
      'timeout',
      'http-status',
      'fetched',
      'bad-url',
      'bad-url',
    ]);
  });
});
