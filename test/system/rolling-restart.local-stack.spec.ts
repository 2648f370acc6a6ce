import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOPICS, type ArticleTranslatedPayload } from '@pulse/contracts';
import { KafkaEventBus, publishEvent } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import pino from 'pino';
import { exclusive } from '../support/exclusive';
import { required } from '../support/infra-env';
import { freePort, startTs, type RunningProcess, untilReady } from '../support/processes';

/**
 * Rolling restart (issue 'Reliability and security', item 4): two replicas of the content service over
 * the local stack behind one gateway process (CONTENT_URL lists both). Readers keep reading while each
 * replica in turn gets SIGTERM and is started again; not one request fails, because a stopping replica
 * finishes what it holds and refuses new connections, and the gateway retries a read on the other
 * replica (gateway/src/upstreams/http.upstream.ts). The micro-cache is off, so every read reaches a
 * replica.
 */
describe('rolling restart of two content replicas behind the gateway, under a read load', () => {
  const runId = `${Date.now()}_${randomUUID().slice(0, 8)}`;
  const articleId = `rr-${runId}`;
  const logger = pino({ level: 'silent' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-rolling-'));
  const replicas: Array<{ port: number; process?: RunningProcess }> = [];
  let gateway: RunningProcess | undefined;
  let gatewayUrl: string;
  let publisher: KafkaEventBus;
  let release: (() => void) | undefined;

  const contentEnv = (port: number) => ({
    PORT: String(port),
    PULSE_DATA_DIR: path.join(dataDir, String(port)),
    BUS_DRIVER: 'kafka',
    KAFKA_BROKERS: required('PULSE_TEST_KAFKA_BROKERS'),
    KAFKA_CLIENT_ID: `pulse-rr-content-${port}-${runId}`,
    BUS_GROUP_PREFIX: `rr-${runId}.`,
    STORE_DRIVER: 'mongo',
    MONGO_URL: required('PULSE_TEST_MONGO_URL').replace(/\/[^/]*$/, `/pulse_rr_${runId}`),
    CACHE_DRIVER: 'redis',
    REDIS_URL: required('PULSE_TEST_REDIS_URL'),
    CACHE_KEY_PREFIX: `pulse-rr-${runId}:`,
  });
  const startReplica = async (replica: { port: number; process?: RunningProcess }) => {
    replica.process = startTs('services/content/src/main.ts', contentEnv(replica.port));
    await untilReady(replica.process, `http://127.0.0.1:${replica.port}`, { timeoutMs: 90_000 });
  };

  beforeAll(async () => {
    release = await exclusive('kafka-article-published');
    for (let i = 0; i < 2; i += 1) replicas.push({ port: await freePort() });
    await Promise.all(replicas.map(startReplica));
    const port = await freePort();
    gatewayUrl = `http://127.0.0.1:${port}`;
    gateway = startTs('gateway/src/main.ts', {
      PORT: String(port),
      CONTENT_URL: replicas.map((replica) => `http://127.0.0.1:${replica.port}`).join(','),
      GATEWAY_MICROCACHE_MS: '0',
      RATE_LIMIT_READ_PER_MIN: '1000000',
      RATE_LIMIT_WRITE_PER_MIN: '1000000',
      CACHE_DRIVER: 'memory',
    });
    await eventually(
      async () => {
        const response = await fetch(`${gatewayUrl}/healthz`);
        if (response.status !== 200) throw new Error(`gateway /healthz ${response.status}`);
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    publisher = new KafkaEventBus({
      brokers: required('PULSE_TEST_KAFKA_BROKERS').split(','),
      clientId: `pulse-rr-pub-${runId}`,
      logger,
    });
    const payload: ArticleTranslatedPayload = {
      articleId,
      clusterId: `cluster-${articleId}`,
      title: '롤링 재시작 중에도 읽히는 기사',
      summary: '복제본을 하나씩 다시 시작해도 독자의 요청은 실패하지 않는다.',
      bodyHtml: '<p>복제본을 하나씩 다시 시작해도 독자의 요청은 실패하지 않는다.</p>',
      primaryCategory: 'big-tech',
      secondaryCategory: null,
      tags: ['운영'],
      contentType: 'news',
      keyInsights: [],
      translationStatus: 'translated',
      model: 'test-model',
      usage: null,
      sources: [
        {
          sourceId: 'ops-blog',
          sourceName: 'Ops Blog',
          url: `https://ops.example/${runId}`,
          canonicalUrl: `https://ops.example/${runId}`,
          title: 'Rolling restarts',
          author: null,
          publishedAt: new Date().toISOString(),
        },
      ],
      imageUrl: null,
      youtubeVideos: [],
      translatedAt: new Date().toISOString(),
    };
    await publishEvent(publisher, TOPICS.articleTranslated, payload, { source: 'translation' });
    await eventually(
      async () => {
        const response = await fetch(`${gatewayUrl}/api/articles/${articleId}`);
        if (response.status !== 200) throw new Error(`article ${response.status}`);
      },
      { timeoutMs: 120_000, intervalMs: 250 },
    );
  }, 300_000);

  afterAll(async () => {
    await gateway?.stop();
    await Promise.all(replicas.map((replica) => replica.process?.stop()));
    await publisher?.close();
    rmSync(dataDir, { recursive: true, force: true });
    release?.();
  });

  it('answers every read while each replica is restarted in turn', async () => {
    const failures: string[] = [];
    let answered = 0;
    let reading = true;
    const paths = [`/api/articles/${articleId}`, '/api/content/news?limit=12&offset=0', '/api/sources'];
    const reader = async (worker: number) => {
      for (let i = worker; reading; i += 1) {
        const url = `${gatewayUrl}${paths[i % paths.length]}`;
        try {
          const response = await fetch(url);
          await response.arrayBuffer();
          if (response.status === 200) answered += 1;
          else failures.push(`${url} → ${response.status}`);
        } catch (error) {
          failures.push(`${url} → ${(error as Error).message}`);
        }
      }
    };
    const readers = Array.from({ length: 8 }, (_, worker) => reader(worker));
    const answeredBefore = async (count: number) =>
      eventually(() => expect(answered).toBeGreaterThan(count), { timeoutMs: 30_000, intervalMs: 50 });

    await answeredBefore(50);
    for (const replica of replicas) {
      await replica.process?.stop(); // SIGTERM, then wait for the exit
      expect(replica.process?.child.exitCode).toBe(0);
      await answeredBefore(answered + 50); // only the other replica serves meanwhile
      await startReplica(replica);
      await answeredBefore(answered + 50);
    }
    reading = false;
    await Promise.all(readers);

    console.log(`rolling restart: ${answered} reads answered, ${failures.length} failed`);
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(200);
  }, 300_000);
});
