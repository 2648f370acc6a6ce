import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { HttpUpstream } from '@pulse/gateway';
import { startTestGateway, type TestGateway } from '@pulse/gateway/testing/test-gateway';
import { ingestionService } from '@pulse/ingestion';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  InProcessEventBus,
  MemoryCacheStore,
  RedisCacheStore,
} from '@pulse/platform';
import { eventually } from '@pulse/testing';
import pino from 'pino';
import { runInNetworkNamespace } from '../../support/network-namespace';
import { freePort } from '../../support/processes';

const logger = pino({ level: 'silent' });
const ADMIN_TOKEN = 'edges-admin-token-0123456789abcdef';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

interface ScenarioResult {
  settings: { readPerMinute: number; writePerMinute: number; signUpsPerNetworkHour: number };
  madeUpReads: number[];
  madeUpWrites: number[];
  verifiedAfter: number;
  sameSlash64: number[];
  otherSlash64: number;
  ipv4Others: number[];
  signUpsSameSlash64: number[];
  signUpOtherSlash64: number;
  signUpsIpv4: number[];
}

/** `allowed` successes, then refusals, `total` in all. */
const thenLimited = (ok: number, allowed: number, total: number) => [
  ...Array<number>(allowed).fill(ok),
  ...Array<number>(total - allowed).fill(429),
];

/**
 * The edge as a script meets it (docs/abuse/edges.md): made-up bearers, many IPv6 addresses of one /64,
 * rotating User-Agents and random query strings against the gateway and the newsletter; /readyz and the
 * public ingestion lists read anonymously for what they give away.
 */
describe('abuse at the edge: networks, made-up credentials, what anonymous callers are told', () => {
  describe('from many addresses, in a network namespace', () => {
    let result: ScenarioResult;

    beforeAll(async () => {
      const sameSlash64 = [
        ...Array.from({ length: 8 }, (_, i) => 0x10 + i),
        ...Array.from({ length: 6 }, (_, i) => 0x30 + i),
      ].map((host) => `fd00:1:2:3::${host.toString(16)}/64`);
      result = await runInNetworkNamespace<ScenarioResult>({
        addresses: [...sameSlash64, 'fd00:1:2:4::10/64', '10.9.0.2/32', '10.9.0.3/32', '10.9.0.4/32'],
        entry: path.join(__dirname, 'edges.scenario.ts'),
      });
    });

    it('keeps made-up bearers from one address in its anonymous bucket: 429 at the anonymous limit', () => {
      const { readPerMinute, writePerMinute } = result.settings;
      expect(result.madeUpReads).toEqual(thenLimited(200, readPerMinute, result.madeUpReads.length));
      expect(result.madeUpWrites).toEqual(thenLimited(200, writePerMinute, result.madeUpWrites.length));
      // Only a credential the gateway verified (a community token it can check) has a bucket of its own.
      expect(result.verifiedAfter).toBe(200);
    });

    it('counts every address of one IPv6 /64 in one gateway bucket; another /64 and other IPv4 addresses apart', () => {
      const { readPerMinute } = result.settings;
      expect(result.sameSlash64).toEqual(thenLimited(200, readPerMinute, result.sameSlash64.length));
      expect(result.otherSlash64).toBe(200);
      expect(result.ipv4Others).toEqual(result.ipv4Others.map(() => 200));
    });

    it('gives one /64 one newsletter sign-up budget, and each other network its own', () => {
      const { signUpsPerNetworkHour } = result.settings;
      expect(result.signUpsSameSlash64).toEqual(
        thenLimited(202, signUpsPerNetworkHour, result.signUpsSameSlash64.length),
      );
      expect(result.signUpOtherSlash64).toBe(202);
      expect(result.signUpsIpv4).toEqual([202, 202, 202]);
    });
  });

  describe('/readyz read anonymously', () => {
    let service: NestFastifyApplication;
    let serviceBase: string;
    let gateway: TestGateway;
    let cache: RedisCacheStore;

    @Module({})
    class NothingModule {}

    beforeAll(async () => {
      // A service whose cache driver cannot connect (its reason is the driver's own words), and a gateway
      // with an upstream that is not there.
      cache = new RedisCacheStore({
        url: `redis://127.0.0.1:${await freePort()}`,
        keyPrefix: 'pulse-edges:',
        logger,
      });
      service = await createServiceApp(
        { name: 'probe', module: NothingModule, uses: ['cache'], defaultPort: 0, httpPrefixes: [] },
        { cache },
        logger,
        {},
        { adminToken: ADMIN_TOKEN },
      );
      await service.listen(0, '127.0.0.1');
      serviceBase = await service.getUrl();
      gateway = await startTestGateway({
        upstreams: [
          new HttpUpstream('content', ['/api/content'], `http://127.0.0.1:${await freePort()}`, 1000),
        ],
        env: { ADMIN_TOKEN },
      });
    });

    afterAll(async () => {
      await gateway?.close();
      await service?.close();
      await cache?.close();
    });

    const asAScript: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer made-up-token' },
      { authorization: `Bearer ${ADMIN_TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}` },
      { 'user-agent': 'kube-probe/1.31' },
    ];

    it('says only "not ready", with 503, and no check, driver error or address', async () => {
      for (const base of [serviceBase, gateway.base])
        for (const headers of asAScript) {
          const response = await fetch(`${base}/readyz?verbose=1&details=true`, { headers });
          const text = await response.text();
          expect({ base, headers, status: response.status, body: JSON.parse(text) }).toEqual({
            base,
            headers,
            status: 503,
            body: { status: 'not ready' },
          });
          expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|redis|content|checks|reason/i);
        }
    });

    it('gives the details, driver errors included, to the admin credential', async () => {
      const probe = await (await fetch(`${serviceBase}/readyz`, { headers: admin })).json();
      expect(probe).toMatchObject({
        status: 'not ready',
        checks: {
          cache: { ok: false, adapter: 'redis', reason: expect.stringMatching(/^redis: /) },
        },
      });
      const site = await (await fetch(`${gateway.base}/readyz`, { headers: admin })).json();
      expect(site).toMatchObject({
        status: 'not ready',
        checks: { content: { ok: false, reason: expect.stringContaining('content unreachable') } },
      });
    });
  });

  describe('a failing source read from the public lists', () => {
    let dataDir: string;
    let bus: InProcessEventBus;
    let store: EmbeddedDocumentStore;
    let cache: MemoryCacheStore;
    let failing: Server;
    let app: NestFastifyApplication;
    let base: string;
    const savedEnv = { ...process.env };

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-edges-'));
      bus = new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
      store = await EmbeddedDocumentStore.open({ dataDir });
      cache = new MemoryCacheStore();
      failing = createServer((_request, response) => {
        response.statusCode = 500;
        response.end('upstream database on 10.0.7.3:5432 refused the connection');
      });
      await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
      Object.assign(process.env, {
        ADMIN_TOKEN,
        INGESTION_SEED_DEFAULT_SOURCES: 'false',
        // Its feeds are fixture servers on this machine.
        INGESTION_ALLOW_PRIVATE_SOURCES: 'true',
        INGESTION_FIRST_RUN_DELAY_SECONDS: '86400',
      });
      // The real service with its real fetcher.
      app = await createServiceApp(ingestionService, { bus, store, cache }, logger);
      await app.listen(0, '127.0.0.1');
      base = await app.getUrl();
    });

    afterAll(async () => {
      await app?.close();
      await bus?.close();
      await store?.close();
      await cache?.close();
      await new Promise((resolve) => failing?.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
      process.env = savedEnv;
    });

    it('shows a category, not the message, to anyone; the message to the admin', async () => {
      const feed = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/feed.xml`;
      const sources = [
        { name: 'Answers 500', url: feed, allowPrivateNetwork: true, category: 'http-5xx' },
        // Without the test-only exemption the fetcher refuses a loopback address (SSRF guard).
        { name: 'Loopback', url: `${feed}?blocked`, allowPrivateNetwork: false, category: 'blocked-address' },
      ];
      for (const source of sources) {
        const created = await fetch(`${base}/api/ingestion/sources`, {
          method: 'POST',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({ ...source, category: 'gen-ai', sourceType: 'rss' }),
        });
        expect(created.status).toBe(201);
      }
      const triggered = await fetch(`${base}/api/ingestion/runs`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(triggered.status).toBe(202);

      const runs = await eventually(
        async () => {
          const listed = (await (await fetch(`${base}/api/ingestion/runs`)).json()) as Array<
            Record<string, unknown>
          >;
          expect(listed).toHaveLength(sources.length);
          return listed;
        },
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      for (const source of sources)
        expect(runs.find((run) => run.sourceName === source.name)).toMatchObject({
          outcome: 'failed',
          errorCategory: source.category,
        });
      // A source's state is written after its run is, and the gateway's copy of the list is purged then:
      // read until both show it.
      const publicSources = await eventually(
        async () => {
          const listed = (await (await fetch(`${base}/api/ingestion/sources`)).json()) as Array<
            Record<string, unknown>
          >;
          for (const source of sources)
            expect(listed.find((each) => each.name === source.name)).toMatchObject({
              status: 'failing',
              lastErrorCategory: source.category,
            });
          return listed;
        },
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      const shown = JSON.stringify([runs, publicSources]);
      expect(shown).not.toMatch(/fetch |HTTP 500|loopback|127\.0\.0\.1 →|10\.0\.7\.3/);
      expect(shown).not.toMatch(/"(last)?[eE]rror"\s*:/);

      const adminRuns = (await (
        await fetch(`${base}/api/ingestion/admin/runs`, { headers: admin })
      ).json()) as Array<Record<string, unknown>>;
      expect(adminRuns.find((run) => run.sourceName === 'Answers 500')).toMatchObject({
        errorCategory: 'http-5xx',
        error: expect.stringMatching(/^fetch http-status: HTTP 500 from http:\/\/127\.0\.0\.1:/),
      });
      expect(adminRuns.find((run) => run.sourceName === 'Loopback')).toMatchObject({
        errorCategory: 'blocked-address',
        error: expect.stringMatching(/^fetch blocked-address: 127\.0\.0\.1 → 127\.0\.0\.1 is loopback/),
      });
    });
  });
});
