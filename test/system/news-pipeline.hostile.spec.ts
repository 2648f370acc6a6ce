import 'reflect-metadata';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { LookupAddress } from 'node:dns';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TOPICS, type ArticleCollectedPayload } from '@pulse/contracts';
import { ingestionService, realPipelineStages } from '@pulse/ingestion';
// The system tests may import services (eslint boundaries: type:test). The stages below are the real
// ones; only the fetcher gets a DNS seam for one test host name (see PUBLIC_HOST).
import { createFetcher, systemResolver } from '@pulse/ingestion/src/fetching';
import { IngestionModule } from '@pulse/ingestion/src/ingestion.module';
import { parseFeed } from '@pulse/ingestion/src/parsing';
import { PIPELINE_STAGES } from '@pulse/ingestion/src/pipeline/stages';
import type { RunAdminView, RunView } from '@pulse/ingestion/src/runs/run.record';
import {
  createServiceApp,
  DOCUMENT_STORE,
  EmbeddedDocumentStore,
  InProcessEventBus,
  MemoryCacheStore,
  type DocumentStore,
  type Subscription,
} from '@pulse/platform';
import {
  DEFAULT_FIXTURES_ROOT,
  eventually,
  HOSTILE_ROUTES,
  startFixtureServer,
  type FixtureServer,
} from '@pulse/testing';
import pino from 'pino';
import { adminHeaders, PIPELINE_ADMIN_TOKEN, type StoredStory } from '../support/news-pipeline';

const logger = pino({ level: 'silent' });

const SERVICE_ENV = {
  ADMIN_TOKEN: PIPELINE_ADMIN_TOKEN,
  INGESTION_SEED_DEFAULT_SOURCES: 'false',
  // Its feeds are fixture servers on this machine.
  INGESTION_ALLOW_PRIVATE_SOURCES: 'true',
  INGESTION_FIRST_RUN_DELAY_SECONDS: '86400',
  // The default (4): the trickle holds one slot for the whole 30 s fetch deadline, the rest share three.
  INGESTION_CONCURRENCY: '4',
};

/**
 * A name the test's resolver answers with a public address (example.com's), which the SSRF guard accepts;
 * the fetcher's `dialAddress` seam then dials the fixture server on loopback instead. The guard still
 * judges every hop on what the URL names, so a redirect from here to 127.1 or [::ffff:a9fe:a9fe] is
 * refused at the second hop — which a source on the loopback fixture server cannot show, because there
 * the first hop is already refused (or, with allowPrivateNetwork, the guard is off for the whole fetch).
 */
const PUBLIC_HOST = 'public-feeds.pulse.test';
const PUBLIC_ADDRESS: LookupAddress = { address: '93.184.216.34', family: 4 };

/** The Korean item of the encoded fixtures (generate-encoded.js). */
const KOREAN_ITEM = '오픈소스 대규모 언어 모델 공개: 한국어 성능 향상';

/**
 * The encoded fixtures all list the same item (same link, same title), so in one run three of them would
 * be exact duplicates of the first. Copies of their committed bytes get an ASCII-only edit — a link and a
 * publication date of their own, months apart so clustering keeps them apart — encoded as the file is
 * (one byte per character, or UTF-16 LE/BE); the Korean bytes are untouched.
 */
const KOREAN_FEEDS = [
  { file: 'euc-kr-feed.xml', slug: 'euc-kr', date: 'Mon, 01 Jan 2024 00:00:00 GMT', encoding: 'ascii' },
  { file: 'utf8-bom-feed.xml', slug: 'utf8-bom', date: 'Thu, 01 Feb 2024 00:00:00 GMT', encoding: 'ascii' },
  { file: 'utf16le-feed.xml', slug: 'utf16le', date: 'Fri, 01 Mar 2024 00:00:00 GMT', encoding: 'utf16le' },
  { file: 'utf16be-feed.xml', slug: 'utf16be', date: 'Mon, 01 Apr 2024 00:00:00 GMT', encoding: 'utf16be' },
] as const;

function encodeAs(text: string, encoding: 'ascii' | 'utf16le' | 'utf16be'): Buffer {
  if (encoding === 'ascii') return Buffer.from(text, 'latin1');
  const le = Buffer.from(text, 'utf16le');
  return encoding === 'utf16le' ? le : le.swap16();
}

function patchKoreanFeed(root: string, feed: (typeof KOREAN_FEEDS)[number]): string {
  const bytes = readFileSync(path.join(DEFAULT_FIXTURES_ROOT, 'hostile', feed.file));
  const from = encodeAs('<link>https://example.com/ko/1</link>', feed.encoding);
  const to = encodeAs(
    `<link>https://example.com/ko/${feed.slug}</link><pubDate>${feed.date}</pubDate>`,
    feed.encoding,
  );
  const at = bytes.indexOf(from);
  if (at < 0) throw new Error(`${feed.file}: item link not found`);
  const name = `hostile/pulse-test-${feed.slug}.xml`;
  writeFileSync(
    path.join(root, name),
    Buffer.concat([bytes.subarray(0, at), to, bytes.subarray(at + from.length)]),
  );
  return name;
}

/** How each source must end. */
interface Expectation {
  outcome: RunView['outcome'];
  httpStatus?: number | null;
  /** The failure's category, which the public list shows, and its message, which only the admin's does. */
  category?: RunView['errorCategory'];
  error?: RegExp;
  rejection?: RegExp;
  /** Stories (and article.collected events) it must produce. */
  stories?: number;
}

interface HostileSource {
  key: string;
  url: string;
  allowPrivateNetwork: boolean;
  expect: Expectation;
}

const MB = 1024 * 1024;

describe('news pipeline, hostile inputs: one run of good, Korean-charset and hostile sources', () => {
  let dataDir: string;
  let fixtures: FixtureServer;
  let bus: InProcessEventBus;
  let store: EmbeddedDocumentStore;
  let cache: MemoryCacheStore;
  let app: NestFastifyApplication | undefined;
  let baseUrl: string;
  let observer: Subscription | undefined;
  const collected = new Map<string, ArticleCollectedPayload>();
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-news-hostile-'));
    const root = path.join(dataDir, 'fixtures');
    cpSync(DEFAULT_FIXTURES_ROOT, root, { recursive: true });
    fixtures = await startFixtureServer({ root });
    bus = new InProcessEventBus({
      dataDir: path.join(dataDir, 'bus'),
      maxAttempts: 3,
      backoff: { initialMs: 10, maxMs: 50 },
    });
    store = await EmbeddedDocumentStore.open({ dataDir: path.join(dataDir, 'ingestion') });
    cache = new MemoryCacheStore();

    const fetch = createFetcher({
      resolve: (hostname) =>
        hostname === PUBLIC_HOST ? Promise.resolve([PUBLIC_ADDRESS]) : systemResolver(hostname),
      dialAddress: (vetted, hostname) =>
        hostname === PUBLIC_HOST ? { address: '127.0.0.1', family: 4 } : vetted,
    });
    // The real stages (pipeline-stages.provider.ts) with the seamed fetcher.
    const stages = {
      provide: PIPELINE_STAGES,
      inject: [DOCUMENT_STORE],
      useFactory: (documents: DocumentStore) => realPipelineStages(documents, fetch),
    };
    Object.assign(process.env, SERVICE_ENV);
    app = await createServiceApp(
      { ...ingestionService, module: IngestionModule.withProviders([stages]) },
      { bus, store, cache },
      logger,
    );
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    baseUrl = `http://127.0.0.1:${port}`;
    observer = await bus.subscribe<ArticleCollectedPayload>({
      topic: TOPICS.articleCollected,
      group: 'news-hostile-observer',
      handler: (event) => void collected.set(event.payload.clusterId, event.payload),
    });
  });

  afterAll(async () => {
    await observer?.close();
    await app?.close();
    await bus?.close();
    await store?.close();
    await cache?.close();
    await fixtures?.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.env = savedEnv;
  });

  async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
    const response = await fetch(`${baseUrl}${url}`, { ...init, headers: adminHeaders });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  it('rejects or contains every bad input without crashing the service or holding up the other sources', async () => {
    const root = path.join(dataDir, 'fixtures');
    const local = fixtures.url;
    const port = new URL(local).port;
    const publicUrl = `http://${PUBLIC_HOST}:${port}`;
    const good = readFileSync(path.join(root, 'feeds/rss2.xml'), 'utf8');
    const goodItems = parseFeed({ text: good, sourceType: 'rss', url: `${local}/feeds/rss2.xml` }).items;
    expect(goodItems.length).toBeGreaterThan(0);

    const blockedLoopbackPath = `/feeds/rss2.xml?unguarded=${Date.now()}`;
    const sources: HostileSource[] = [
      {
        key: 'good rss',
        url: `${local}/feeds/rss2.xml`,
        allowPrivateNetwork: true,
        expect: { outcome: 'ok', httpStatus: 200, stories: goodItems.length },
      },
      ...KOREAN_FEEDS.map((feed) => ({
        key: feed.slug,
        url: `${local}/${patchKoreanFeed(root, feed)}`,
        allowPrivateNetwork: true,
        expect: { outcome: 'ok' as const, httpStatus: 200, stories: 1 },
      })),
      {
        key: '50 MB body',
        url: `${local}${HOSTILE_ROUTES.huge}`,
        allowPrivateNetwork: true,
        expect: {
          outcome: 'failed',
          httpStatus: 200,
          category: 'too-large',
          error: /^fetch too-large: body exceeded the cap/,
        },
      },
      {
        key: 'trickle',
        url: `${local}${HOSTILE_ROUTES.trickle}`,
        allowPrivateNetwork: true,
        expect: {
          outcome: 'failed',
          httpStatus: null,
          category: 'timeout',
          error: /^fetch timeout: no complete response within/,
        },
      },
      {
        key: 'gzip bomb',
        url: `${local}${HOSTILE_ROUTES.gzipBomb}`,
        allowPrivateNetwork: true,
        expect: {
          outcome: 'failed',
          httpStatus: 200,
          category: 'too-large',
          error: /^fetch too-large: .*\(decompressed\)/,
        },
      },
      {
        key: 'malformed XML',
        url: `${local}/hostile/malformed.xml`,
        allowPrivateNetwork: true,
        expect: { outcome: 'ok', httpStatus: 200, rejection: /^parse: malformed XML/ },
      },
      {
        key: 'billion laughs',
        url: `${local}/hostile/billion-laughs.xml`,
        allowPrivateNetwork: true,
        expect: {
          outcome: 'ok',
          httpStatus: 200,
          rejection: /^parse: DOCTYPE with entity declarations refused/,
        },
      },
      {
        key: 'XXE',
        url: `${local}/hostile/xxe.xml`,
        allowPrivateNetwork: true,
        expect: {
          outcome: 'ok',
          httpStatus: 200,
          rejection: /^parse: DOCTYPE with entity declarations refused/,
        },
      },
      {
        key: 'redirect to 127.1',
        url: `${publicUrl}${HOSTILE_ROUTES.redirectTo127_1}`,
        allowPrivateNetwork: false,
        expect: {
          outcome: 'failed',
          httpStatus: null,
          category: 'blocked-address',
          error: /^fetch blocked-address: 127\.0\.0\.1 → 127\.0\.0\.1 is loopback/,
        },
      },
      {
        key: 'redirect to [::ffff:a9fe:a9fe]',
        url: `${publicUrl}${HOSTILE_ROUTES.redirectToMappedMetadata}`,
        allowPrivateNetwork: false,
        expect: {
          outcome: 'failed',
          httpStatus: null,
          category: 'blocked-address',
          error: /^fetch blocked-address: .*a9fe:a9fe.* is IPv4-mapped linkLocal/,
        },
      },
      {
        key: 'redirect to decimal 2130706433',
        url: `${publicUrl}${HOSTILE_ROUTES.redirectToDecimal}`,
        allowPrivateNetwork: false,
        expect: {
          outcome: 'failed',
          httpStatus: null,
          category: 'blocked-address',
          error: /^fetch blocked-address: 127\.0\.0\.1 → 127\.0\.0\.1 is loopback/,
        },
      },
      {
        key: 'redirect loop',
        url: `${local}${HOSTILE_ROUTES.redirectLoop}`,
        allowPrivateNetwork: true,
        expect: {
          outcome: 'failed',
          httpStatus: 302,
          category: 'too-many-redirects',
          error: /^fetch too-many-redirects: more than 5 redirects/,
        },
      },
      {
        key: 'HTTP 500',
        url: `${local}${HOSTILE_ROUTES.status(500)}`,
        allowPrivateNetwork: true,
        expect: {
          outcome: 'failed',
          httpStatus: 500,
          category: 'http-5xx',
          error: /^fetch http-status: HTTP 500/,
        },
      },
      {
        key: 'fixture server without allowPrivateNetwork',
        url: `${local}${blockedLoopbackPath}`,
        allowPrivateNetwork: false,
        expect: {
          outcome: 'failed',
          httpStatus: null,
          category: 'blocked-address',
          error: /^fetch blocked-address: 127\.0\.0\.1 → 127\.0\.0\.1 is loopback/,
        },
      },
    ];

    const ids = new Map<string, string>(); // key → source id
    for (const source of sources) {
      const created = await call<{ id: string }>('/api/ingestion/sources', {
        method: 'POST',
        body: JSON.stringify({
          name: `Hostile test: ${source.key}`,
          description: 'Fixture source for the hostile-inputs system test',
          sourceType: 'rss',
          url: source.url,
          category: 'gen-ai',
          allowPrivateNetwork: source.allowPrivateNetwork,
        }),
      });
      ids.set(source.key, created.id);
    }

    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampleMemory = () => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss));
    const started = Date.now();
    // One run of every source: no sourceId.
    const { queued } = await call<{ queued: string[] }>('/api/ingestion/runs', {
      method: 'POST',
      body: JSON.stringify({}),
    });
    expect([...queued].sort()).toEqual([...ids.values()].sort());

    // The admin's list, with each failure's own message; the public list shows only its category.
    const latestRun = async (key: string): Promise<RunAdminView | undefined> => {
      const runs = await call<RunAdminView[]>(`/api/ingestion/admin/runs?sourceId=${ids.get(key)!}`);
      return runs[0];
    };
    const publicRun = async (key: string): Promise<RunView> => {
      const response = await fetch(`${baseUrl}/api/ingestion/runs?sourceId=${ids.get(key)!}`);
      return ((await response.json()) as RunView[])[0];
    };
    const waitForRuns = (keys: string[], timeoutMs: number) =>
      eventually(
        async () => {
          sampleMemory();
          const runs = await Promise.all(keys.map(async (key) => [key, await latestRun(key)] as const));
          const missing = runs.filter(([, run]) => !run).map(([key]) => key);
          if (missing.length > 0) throw new Error(`no run recorded yet for: ${missing.join(', ')}`);
          return new Map(runs.map(([key, run]) => [key, run!]));
        },
        { timeoutMs, intervalMs: 100 },
      );

    // The trickle holds its slot until the 30 s fetch deadline; everything else is done long before.
    const others = sources.filter((source) => source.key !== 'trickle').map((source) => source.key);
    const early = await waitForRuns(others, 20_000);
    const othersDoneMs = Date.now() - started;
    expect(await latestRun('trickle')).toBeUndefined();
    const trickle = await waitForRuns(['trickle'], 40_000);
    const totalMs = Date.now() - started;
    const runs = new Map([...early, ...trickle]);

    for (const source of sources) {
      const run = runs.get(source.key)!;
      const { expect: want } = source;
      const shown = await publicRun(source.key);
      const seen = {
        key: source.key,
        outcome: run.outcome,
        httpStatus: run.httpStatus,
        error: run.error,
        errorCategory: run.errorCategory,
        publicCategory: shown.errorCategory,
        publicMessage: (shown as Partial<RunAdminView>).error,
        itemsNew: run.itemsNew,
      };
      expect(seen).toMatchObject({
        key: source.key,
        outcome: want.outcome,
        ...(want.httpStatus !== undefined ? { httpStatus: want.httpStatus } : {}),
        ...(want.error ? { error: expect.stringMatching(want.error) } : { error: null }),
        errorCategory: want.category ?? null,
        publicCategory: want.category ?? null,
        publicMessage: undefined,
        itemsNew: want.stories ?? 0,
      });
      if (want.rejection) {
        expect(run.itemsRejected).toBeGreaterThanOrEqual(1);
        expect(run.rejections.map((r) => r.reason)).toEqual(
          expect.arrayContaining([expect.stringMatching(want.rejection)]),
        );
      }
      if (want.outcome === 'failed') expect(run.itemsRejected + run.itemsDuplicate).toBe(0);
    }

    // Contained, not just refused: the client stopped reading far short of what the routes would send.
    expect(fixtures.bytesSent(HOSTILE_ROUTES.huge)).toBeLessThan(20 * MB);
    // The bomb is about 1 KB per decompressed MB: stopping at the 5 MB cap means a few KB were read.
    expect(fixtures.bytesSent(HOSTILE_ROUTES.gzipBomb)).toBeLessThan(200 * 1024);
    // The redirect sources reached the fixture server once (first hop) and never followed the Location.
    const requested = (p: string) => fixtures.requests.filter((request) => request.path === p).length;
    expect(requested(HOSTILE_ROUTES.redirectTo127_1)).toBe(1);
    expect(requested(HOSTILE_ROUTES.redirectToMappedMetadata)).toBe(1);
    expect(requested(HOSTILE_ROUTES.redirectToDecimal)).toBe(1);
    expect(requested(HOSTILE_ROUTES.redirectLoop)).toBe(6);
    // The unguarded source was refused before connecting.
    expect(requested(blockedLoopbackPath)).toBe(0);

    // The good and Korean-charset sources: their stories, and one article.collected each.
    const stories = store.collection<StoredStory & { title: string }>('collected_stories');
    const goodStories = await stories.find({ 'sources.sourceId': ids.get('good rss')! });
    expect(goodStories.map((story) => story.title).sort()).toEqual(
      goodItems.map((item) => item.title).sort(),
    );
    for (const feed of KOREAN_FEEDS) {
      const found = await stories.find({ 'sources.sourceId': ids.get(feed.slug)! });
      expect({ feed: feed.slug, titles: found.map((story) => story.title) }).toEqual({
        feed: feed.slug,
        titles: [KOREAN_ITEM],
      });
      expect(found[0].sources).toEqual([
        expect.objectContaining({ canonicalUrl: `https://example.com/ko/${feed.slug}` }),
      ]);
    }
    const expectedClusters = [
      ...goodStories.map((story) => story._id),
      ...(
        await stories.find({
          'sources.sourceId': { $in: KOREAN_FEEDS.map((feed) => ids.get(feed.slug)!) },
        })
      ).map((story) => story._id),
    ];
    expect(expectedClusters).toHaveLength(goodItems.length + KOREAN_FEEDS.length);
    await eventually(
      () => {
        const missing = expectedClusters.filter((id) => !collected.has(id));
        if (missing.length > 0) throw new Error(`${missing.length} article.collected not seen yet`);
      },
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    for (const feed of KOREAN_FEEDS) {
      const event = [...collected.values()].find((payload) =>
        payload.sources.some((s) => s.sourceId === ids.get(feed.slug)),
      );
      expect(event?.title).toBe(KOREAN_ITEM);
    }
    // Nothing but the good and Korean sources produced a story.
    const allStories = await stories.find({});
    expect(allStories).toHaveLength(expectedClusters.length);
    expect(collected.size).toBe(expectedClusters.length);

    // No entity was ever expanded, anywhere it could land: stories, events, run records.
    const everything = JSON.stringify({
      allStories,
      events: [...collected.values()],
      runs: [...runs.values()],
    });
    expect(everything).not.toMatch(/(lol){3}/);
    expect(everything).not.toContain('root:');

    // Still serving, memory bounded, and the whole run well under a minute.
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    sampleMemory();
    expect(rssPeak - rssBefore).toBeLessThan(150 * MB);
    expect(othersDoneMs).toBeLessThan(15_000);
    expect(totalMs).toBeLessThan(40_000);
    process.stdout.write(
      `hostile run: others done in ${othersDoneMs} ms, trickle at ${totalMs} ms; ` +
        `rss growth ${Math.round((rssPeak - rssBefore) / MB)} MB\n`,
    );
  });
});
