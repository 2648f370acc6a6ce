import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  TOPICS,
  type ArchiveResponse,
  type ArticleDetailResponse,
  type ArticlePublishedPayload,
  type ArticleTranslatedPayload,
  type CategoryPageResponse,
  type EventEnvelope,
  type OffsetPageResponse,
  type SearchResponse,
} from '@pulse/contracts';
import { KAFKA_DEFAULT_PARTITIONS, KafkaEventBus, publishEvent } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import { Kafka, logLevel, type Admin, type Consumer } from 'kafkajs';
import pino from 'pino';
import { exclusive, EXCLUSIVE_WAIT_MS } from '../support/exclusive';
import { required } from '../support/infra-env';
import { observeFromNow, startGroupsAtTopicEnds } from '../support/kafka-groups';
import { freePort, startTs, type RunningProcess, untilReady } from '../support/processes';

const CONSUMED_TOPICS = [TOPICS.articleTranslated, TOPICS.trendingScoresUpdated];
/** The bus's default partition count on Kafka, for topics this test may be the first to need. */
const BUS_PARTITIONS = KAFKA_DEFAULT_PARTITIONS;

/**
 * Local stack: the content service as its own process
 * (services/content/src/main.ts) over Kafka, the MongoDB-compatible server and Redis. The test publishes
 * article.translated to Kafka as translation would, and follows the article over HTTP to every list,
 * the category page, the archive, the search and the feeds, and on Kafka to article.published.
 *
 * Isolation: its own database, cache prefix and consumer groups (BUS_GROUP_PREFIX), ids prefixed with
 * the run; the groups start at the topics' current ends so earlier runs' articles are not replayed.
 */
describe('content, local stack: article.translated on Kafka → content process (MongoDB, Redis) → every reader path', () => {
  const runId = `${Date.now()}_${randomUUID().slice(0, 8)}`;
  const groupPrefix = `csys-${runId}.`;
  const logger = pino({ level: 'silent' });
  const articleId = `csys-${runId}-a1`;
  const marker = `펄스시험${runId.replace(/\D/g, '').slice(-6)}`;
  let dataDir: string;
  let kafka: Kafka;
  let admin: Admin;
  let observer: Consumer;
  let publisher: KafkaEventBus;
  let service: RunningProcess | undefined;
  let baseUrl: string;
  const published: Array<EventEnvelope<ArticlePublishedPayload>> = [];

  const diagnostics = () => `\n--- content output ---\n${service?.output().slice(-4000) ?? ''}`;
  const get = async <T>(url: string) => {
    const response = await fetch(`${baseUrl}${url}`);
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) as T, headers: response.headers };
  };

  const payload: ArticleTranslatedPayload = {
    articleId,
    clusterId: `cluster-${articleId}`,
    title: `${marker} 이더리움 재단, 새로운 확장성 로드맵 발표`,
    summary: '이더리움 재단이 롤업 중심의 확장성 로드맵을 공개했다.',
    bodyHtml: `<p>이더리움 재단이 ${marker} 롤업 중심의 확장성 로드맵을 공개했다.</p><script>alert(1)</script>`,
    primaryCategory: 'blockchain',
    secondaryCategory: null,
    tags: ['이더리움', '롤업'],
    contentType: 'news',
    keyInsights: [],
    translationStatus: 'translated',
    model: 'test-model',
    usage: null,
    sources: [
      {
        sourceId: 'ethereum-blog',
        sourceName: 'Ethereum Foundation Blog',
        url: `https://blog.ethereum.org/${runId}`,
        canonicalUrl: `https://blog.ethereum.org/${runId}`,
        title: 'A new scaling roadmap',
        author: 'EF',
        publishedAt: new Date().toISOString(),
      },
    ],
    imageUrl: null,
    youtubeVideos: [],
    // An hour ahead: other local-stack suites running at the same time publish article.translated on the
    // same topic, which this content process also consumes; ours must stay the newest, first in every
    // latest-first list and feed (capped at 12 or 50 items), whatever they publish meanwhile.
    translatedAt: new Date(Date.now() + 3_600_000).toISOString(),
  };

  let release: (() => void) | undefined;

  beforeAll(async () => {
    // Not beside the other suite on article.published (test/support/exclusive.ts).
    release = await exclusive('kafka-article-published');
    const brokers = required('PULSE_TEST_KAFKA_BROKERS');
    const mongoUrl = required('PULSE_TEST_MONGO_URL');
    const redisUrl = required('PULSE_TEST_REDIS_URL');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-content-stack-'));
    kafka = new Kafka({
      clientId: `pulse-csys-${runId}`,
      brokers: brokers.split(','),
      logLevel: logLevel.NOTHING,
    });
    admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({
      waitForLeaders: true,
      topics: [...CONSUMED_TOPICS, TOPICS.articlePublished].map((topic) => ({
        topic,
        numPartitions: BUS_PARTITIONS,
      })),
    });
    await startGroupsAtTopicEnds(admin, CONSUMED_TOPICS, (topic) => `${groupPrefix}content.${topic}`);
    observer = kafka.consumer({ groupId: `${groupPrefix}observer` });
    await observeFromNow<ArticlePublishedPayload>(
      admin,
      observer,
      `${groupPrefix}observer`,
      TOPICS.articlePublished,
      (envelope) => {
        if (envelope.payload?.id === articleId) published.push(envelope);
      },
    );
    publisher = new KafkaEventBus({
      brokers: brokers.split(','),
      clientId: `pulse-csys-pub-${runId}`,
      logger,
    });

    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    service = startTs('services/content/src/main.ts', {
      PORT: String(port),
      PULSE_DATA_DIR: dataDir,
      BUS_DRIVER: 'kafka',
      KAFKA_BROKERS: brokers,
      KAFKA_CLIENT_ID: `pulse-csys-content-${runId}`,
      BUS_GROUP_PREFIX: groupPrefix,
      STORE_DRIVER: 'mongo',
      MONGO_URL: mongoUrl.replace(/\/[^/]*$/, `/pulse_csys_${runId}`),
      CACHE_DRIVER: 'redis',
      REDIS_URL: redisUrl,
      CACHE_KEY_PREFIX: `pulse-csys-${runId}:`,
      PUBLIC_SITE_URL: 'https://pulse.example.kr',
      ADMIN_TOKEN: 'system-test-admin-token-0123',
    });
    await untilReady(service, baseUrl, { diagnostics });
    await publishEvent(publisher, TOPICS.articleTranslated, payload, { source: 'translation' });
  }, EXCLUSIVE_WAIT_MS + 120_000);

  afterAll(async () => {
    await service?.stop();
    await observer?.disconnect();
    await publisher?.close();
    if (admin) {
      await admin
        .deleteGroups([...CONSUMED_TOPICS.map((t) => `${groupPrefix}content.${t}`), `${groupPrefix}observer`])
        .catch(() => undefined);
      await admin.disconnect();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    release?.();
  });

  // The first check also waits for the process's Kafka consumers to join their groups, which on a loaded
  // 2-core machine has taken over 30 s; a deadline, so a quick run is not slowed.
  const within = <T>(check: () => Promise<T>, timeoutMs = 30_000) =>
    eventually(check, { timeoutMs, intervalMs: 200 }).catch((error: Error) => {
      error.message += diagnostics();
      throw error;
    });

  it('stores the article, sanitised, and serves its detail', async () => {
    const detail = await within(async () => {
      const response = await get<ArticleDetailResponse>(`/api/articles/${articleId}`);
      expect(response.status).toBe(200);
      return response.json();
    }, 120_000);
    expect(detail.article).toMatchObject({ id: articleId, primaryCategory: 'blockchain', type: 'news' });
    expect(detail.article.content).not.toContain('<script');
  });

  it('emits article.published on Kafka through the outbox', async () => {
    await within(async () => expect(published).toHaveLength(1));
    expect(published[0].payload).toMatchObject({
      id: articleId,
      url: `/news/${articleId}`,
      categories: ['blockchain'],
    });
  });

  it('lists it first in the news list and on the category page', async () => {
    await within(async () => {
      const news = (await get<OffsetPageResponse>('/api/content/news?limit=12&offset=0')).json();
      expect(news.articles.map((a) => a.id)).toContain(articleId);
      const category = (await get<CategoryPageResponse>('/api/articles/category/blockchain?page=1')).json();
      expect(category.articles.map((a) => a.id)).toContain(articleId);
    });
  });

  it('finds it in the archive and through Korean search', async () => {
    await within(async () => {
      const archive = (
        await get<ArchiveResponse>('/api/articles/archive?category=blockchain&timeframe=today')
      ).json();
      expect(archive.articles.map((a) => a.id)).toContain(articleId);
      const archiveQ = (
        await get<ArchiveResponse>(`/api/articles/archive?q=${encodeURIComponent(marker)}`)
      ).json();
      expect(archiveQ.articles.map((a) => a.id)).toEqual([articleId]);
      const search = (
        await get<SearchResponse>(`/api/articles/search?q=${encodeURIComponent(`${marker} 이더리움의`)}`)
      ).json();
      expect(search.articles[0]?.id).toBe(articleId);
      expect(search.total).toBeGreaterThanOrEqual(1);
    });
  });

  it('puts it in the feeds with absolute URLs', async () => {
    await within(async () => {
      for (const feed of [
        '/rss.xml',
        '/atom.xml',
        '/feed.json',
        '/sitemap.xml',
        '/news-sitemap.xml',
        '/category/blockchain/rss.xml',
      ]) {
        const response = await get(feed);
        expect({ feed, status: response.status }).toEqual({ feed, status: 200 });
        expect({ feed, found: response.text.includes(articleId) }).toEqual({ feed, found: true });
        expect(response.text).toContain('https://pulse.example.kr/');
      }
    });
  });

  it('applies trending scores from Kafka to the hot tab', async () => {
    await publishEvent(
      publisher,
      TOPICS.trendingScoresUpdated,
      {
        computedAt: new Date().toISOString(),
        scores: [{ articleId, hotScore: 987654, viewsPerHour: 70, isHotTopic: true }],
      },
      { source: 'trending' },
    );
    await within(async () => {
      const hot = (await get<OffsetPageResponse>('/api/content/news?hot=true&limit=12&offset=0')).json();
      expect(hot.articles[0]).toMatchObject({ id: articleId, isHotTopic: true });
    });
  });
});
