import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NewsListResponse } from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import { freePort, startTs, type RunningProcess, untilReady } from '../../support/processes';

/**
 * Cache-busting played as a script would against the whole site in one process (embedded/src/main.ts):
 * random query strings on `/`, `/article/{id}` and a public API read, from rotating User-Agents, and a
 * flood of distinct searches. What the gateway did is read from its own counters on the process's
 * Prometheus endpoint (pulse.document.renders, pulse.document.busy; the services' per-route
 * http.server.request.duration), not from timings: a render the burst caused is a count, whatever the
 * machine's load. docs/abuse/cache-busting.md.
 */
describe('cache-busting query strings (embedded)', () => {
  let site: RunningProcess;
  let base: string;
  let metricsUrl: string;
  let dataDir: string;
  let articleId: string;

  beforeAll(async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    base = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-cache-busting-'));
    site = startTs('embedded/src/main.ts', {
      PORT: String(port),
      PULSE_DATA_DIR: dataDir,
      DEMO_CORPUS: 'true',
      // One address plays every reader here; the read limit is another part's subject.
      RATE_LIMIT_READ_PER_MIN: '1000000',
      // One render at a time, none waiting for its turn, and 50 ms of rendering a second: a render ends
      // with the budget spent for about as many seconds as it took twentieths of one, so distinct searches
      // meet a spent budget however slowly a loaded machine sends them (no timing is assumed).
      GATEWAY_RENDER_CONCURRENCY: '1',
      GATEWAY_RENDER_MS_PER_S: '50',
      GATEWAY_RENDER_WAIT_MS: '0',
      // The held copies of / and the article outlive the file, so that budget never turns their readers away.
      GATEWAY_DOCUMENT_CACHE_MS: '300000',
      OTEL_METRICS_EXPORTER: 'prometheus',
      OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1',
      OTEL_EXPORTER_PROMETHEUS_PORT: String(metricsPort),
    });
    await untilReady(site, base, { timeoutMs: 90_000 });
    articleId = await eventually(
      async () => {
        const list = (await (await fetch(`${base}/api/content/news?limit=1`)).json()) as NewsListResponse;
        if (!list.articles?.length) throw new Error('no article published yet');
        return list.articles[0].id;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
  });

  afterAll(async () => {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The sum of a counter's series whose labels match `labels`, as the Prometheus endpoint says now. */
  const counter = async (name: string, labels: RegExp = /.*/) => {
    const text = await (await fetch(metricsUrl)).text();
    let sum = 0;
    for (const line of text.split('\n')) {
      const match = /^([a-z_]+)(\{[^}]*\})? ([0-9.e+-]+)$/.exec(line);
      if (match && match[1] === name && labels.test(match[2] ?? '')) sum += Number(match[3]);
    }
    return sum;
  };
  /** Renders a reader waited for; the page reads just before have made the counter exist. */
  const readerRenders = async () => {
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toContain('# TYPE pulse_document_renders_total counter');
    return counter('pulse_document_renders_total', /trigger="reader"/);
  };
  const random = () => Math.random().toString(36).slice(2);
  const userAgent = (n: number) =>
    `Mozilla/5.0 (bot ${n % 7}; rv:${100 + (n % 13)}) Gecko/20100101 Firefox/${n}`;
  /** `count` GETs of `url()`, `parallel` at a time, each from a User-Agent of its own. */
  const burst = async (count: number, parallel: number, url: () => string) => {
    const replies: Array<{ status: number; etag: string | null; retryAfter: string | null; body: string }> =
      [];
    let next = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next < count) {
          const n = next++;
          const response = await fetch(`${base}${url()}`, {
            headers: { 'user-agent': userAgent(n), 'accept-encoding': 'identity' },
          });
          replies.push({
            status: response.status,
            etag: response.headers.get('etag'),
            retryAfter: response.headers.get('retry-after'),
            body: await response.text(),
          });
        }
      }),
    );
    return replies;
  };

  it('renders nothing for random query strings on / and /article/{id}: every reader gets the held copy', async () => {
    // Repeated until no purge lands inside the burst: the demo corpus may still be arriving (a publish
    // purges the lists the home page shows, and the next reader renders it, as it should).
    await eventually(
      async () => {
        const pages = ['/', `/article/${articleId}`];
        const held = await Promise.all(
          pages.map((page) => fetch(`${base}${page}`, { headers: { 'accept-encoding': 'identity' } })),
        );
        expect(held.map((response) => response.status)).toEqual([200, 200]);
        const tags = held.map((response) => response.headers.get('etag'));
        const before = await counter('pulse_document_renders_total', /trigger="reader"/);
        const replies = await burst(
          60,
          6,
          () => `${pages[Math.round(Math.random())]}?cb=${random()}&_=${random()}`,
        );
        // The held copies' bytes, each of them; then no render either (timing-free both).
        expect(replies.every((reply) => reply.status === 200 && tags.includes(reply.etag))).toBe(true);
        expect(await readerRenders()).toBe(before);
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
  });

  it('keeps the held copy of / through more cache-busters than the gateway holds copies', async () => {
    await eventually(
      async () => {
        expect((await fetch(`${base}/`)).status).toBe(200);
        // Past the 2,000 copies a replica holds: keyed on the full URL, these filled the map and it was
        // emptied, the home page's copy with it.
        await burst(2_100, 16, () => `/?cb=${random()}`);
        const before = await readerRenders();
        expect((await fetch(`${base}/`)).status).toBe(200);
        expect(await readerRenders()).toBe(before);
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    );
  });

  it('answers distinct searches past the render budget with the busy document, never a long queue', async () => {
    const busyBefore = await counter('pulse_document_busy_total');
    const replies = await burst(
      60,
      20,
      () => `/search?q=${random()}&page=${1 + Math.floor(Math.random() * 3)}`,
    );
    const busy = replies.filter((reply) => reply.status === 503);
    expect(replies.every((reply) => reply.status === 200 || reply.status === 503)).toBe(true);
    expect(busy.length).toBeGreaterThan(0);
    for (const reply of busy) {
      expect(reply.retryAfter).toBe('5');
      // The shell, which renders the page in the browser; unindexed, so a crawler comes back later.
      expect(reply.body).toMatch(/<div id="root"><noscript>/);
      expect(reply.body).toContain('<meta name="robots" content="noindex, follow">');
    }
    expect((await counter('pulse_document_busy_total')) - busyBefore).toBe(busy.length);
  });

  it('refuses random parameters on a cacheable API read at the gateway, without a read of the service', async () => {
    const route = /http_route="\/api\/articles\/:id"/;
    const before = await counter('http_server_request_duration_count', route);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        fetch(`${base}/api/articles/${articleId}?cb=${random()}`, {
          headers: { 'user-agent': userAgent(n) },
        }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(400));
    expect(((await replies[0].json()) as { message: string }).message).toBe('unknown parameter(s): cb');
    expect(await counter('http_server_request_duration_count', route)).toBe(before);
  });
});
