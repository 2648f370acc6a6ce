import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  TOPICS,
  type ArticlePublishedPayload,
  type ArticleTranslatedPayload,
  type EventEnvelope,
  type ServiceName,
} from '@pulse/contracts';
import { busConfigSchema, KAFKA_DEFAULT_PARTITIONS, KafkaEventBus, publishEvent } from '@pulse/platform';
import { classicGroupWatch, consumerGroupWatch, eventually } from '@pulse/testing';
import { Kafka, logLevel, type Admin, type Consumer } from 'kafkajs';
import pino from 'pino';
import { exclusive, EXCLUSIVE_WAIT_MS } from '../support/exclusive';
import { required } from '../support/infra-env';
import { startK6Readers, type K6Readers } from '../support/k6-readers';
import { observeFromNow, startGroupsAtTopicEnds } from '../support/kafka-groups';
import { freePort, startTs, type RunningProcess, untilReady } from '../support/processes';

const ADMIN_TOKEN = 'rolling-restart-admin-token-0123';
/** The bus's default partition count on Kafka, for topics this test may be the first to need. */
const BUS_PARTITIONS = KAFKA_DEFAULT_PARTITIONS;
/** 16 Node processes compiling TypeScript on start, on 2 shared cores: a generous first deadline. */
const FIRST_START_MS = 240_000;
const RESTART_MS = 120_000;

/** Each service: the topics it consumes (its groups start at the topic ends) and what else it needs. */
const SERVICES: Record<ServiceName, { topics: string[]; env: Record<string, string> }> = {
  content: {
    topics: [TOPICS.articleTranslated, TOPICS.trendingScoresUpdated, TOPICS.sourceUpdated],
    env: { ADMIN_TOKEN },
  },
  ingestion: {
    topics: [],
    env: { ADMIN_TOKEN, INGESTION_SEED_DEFAULT_SOURCES: 'false', INGESTION_FIRST_RUN_DELAY_SECONDS: '86400' },
  },
  translation: { topics: [TOPICS.articleCollected], env: { ADMIN_TOKEN } },
  trending: {
    topics: [
      TOPICS.articlePublished,
      TOPICS.articleEngaged,
      TOPICS.techAnalysisPublished,
      TOPICS.articleWithdrawn,
    ],
    env: {},
  },
  community: {
    topics: [TOPICS.questionCreated, TOPICS.answerCreated, TOPICS.answerAccepted, TOPICS.articlePublishedV2],
    env: { ADMIN_TOKEN },
  },
  newsletter: { topics: [], env: { ADMIN_TOKEN } },
  newsroom: { topics: [TOPICS.staffActionRecorded], env: { ADMIN_TOKEN } },
};

interface Member {
  name: string;
  port: number;
  start(): RunningProcess;
  process?: RunningProcess;
}

/**
 * Rolling restart of every process (issue 'Reliability and security', item 4): two replicas of each of the
 * seven services over Kafka, the MongoDB-compatible server and Redis of the local stack, behind two gateway
 * processes that each list both replicas of every service (`CONTENT_URL=a,b`, …). Eight readers read the
 * services' public read endpoints, alternating between the gateways as a load balancer would. Each of the
 * 16 processes in turn gets SIGTERM, must exit 0, is started again and must answer /readyz before the next
 * one goes; the gateways go last, each while the other serves. An article.translated event is published
 * while the first content replica stops, and must be published as an article exactly once.
 *
 * The readers play the load balancer in front of the gateways: a request a stopping gateway refused at
 * connect (or whose idle keep-alive connection it closed before an answer began) is sent once to the other
 * gateway, as an ingress does for an idempotent read (docs/testing.md 'Rolling restart'). Those hand-overs are
 * counted; any other error or any status but 200 is a failure. The micro-cache is off, so every read
 * reaches a replica.
 */
describe('rolling restart of every process (two replicas of each service, two gateways) under a read load', () => {
  const runId = `${Date.now().toString(36)}${randomUUID().slice(0, 6)}`;
  const groupPrefix = `rra-${runId}.`;
  const logger = pino({ level: 'silent' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-rolling-all-'));
  const articleIds = { before: `rra-${runId}-before`, during: `rra-${runId}-during` };
  const published: Array<EventEnvelope<ArticlePublishedPayload>> = [];
  const members: Member[] = [];
  const gateways: Member[] = [];
  let kafka: Kafka;
  let admin: Admin;
  let observer: Consumer;
  let publisher: KafkaEventBus;
  let release: (() => void) | undefined;
  let releaseHeavy: (() => void) | undefined;
  let startedAt = 0;

  const serviceEnv = (service: ServiceName, port: number) => ({
    ...SERVICES[service].env,
    PORT: String(port),
    PULSE_DATA_DIR: path.join(dataDir, `${service}-${port}`),
    BUS_DRIVER: 'kafka',
    KAFKA_BROKERS: required('PULSE_TEST_KAFKA_BROKERS'),
    KAFKA_CLIENT_ID: `pulse-rra-${service}-${port}-${runId}`,
    BUS_GROUP_PREFIX: groupPrefix,
    STORE_DRIVER: 'mongo',
    MONGO_URL: required('PULSE_TEST_MONGO_URL').replace(/\/[^/]*$/, `/pulse_rra_${service}_${runId}`),
    // Sixteen processes connecting at once on two cores: the default 3 s can pass before the first answer.
    MONGO_SERVER_SELECTION_TIMEOUT_MS: '30000',
    CACHE_DRIVER: 'redis',
    REDIS_URL: required('PULSE_TEST_REDIS_URL'),
    CACHE_KEY_PREFIX: `pulse-rra-${runId}:`,
  });
  const url = (member: Member) => `http://127.0.0.1:${member.port}`;
  let k6Readers: K6Readers | undefined;
  // The last lines only: a whole process's output would push the cause out of CI's excerpt.
  const untilMemberReady = (member: Member, timeoutMs: number) =>
    untilReady(member.process!, url(member), {
      timeoutMs,
      diagnostics: () =>
        `\n--- ${member.name}: last lines of its output ---\n${member.process!.output().trimEnd().split('\n').slice(-25).join('\n')}`,
    });
  const articlePayload = (articleId: string): ArticleTranslatedPayload => ({
    articleId,
    clusterId: `cluster-${articleId}`,
    title: '모든 프로세스를 차례로 다시 시작해도 읽히는 기사',
    summary: '서비스와 게이트웨이를 하나씩 다시 시작해도 독자의 요청은 실패하지 않는다.',
    bodyHtml: '<p>서비스와 게이트웨이를 하나씩 다시 시작해도 독자의 요청은 실패하지 않는다.</p>',
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
        url: `https://ops.example/${articleId}`,
        canonicalUrl: `https://ops.example/${articleId}`,
        title: 'Rolling restarts of every process',
        author: null,
        publishedAt: new Date().toISOString(),
      },
    ],
    imageUrl: null,
    youtubeVideos: [],
    translatedAt: new Date().toISOString(),
  });
  const untilReadable = (articleId: string) =>
    eventually(
      async () => {
        const response = await fetch(`${url(gateways[0])}/api/articles/${articleId}`);
        if (response.status !== 200) throw new Error(`article ${articleId}: ${response.status}`);
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );

  beforeAll(
    async () => {
      startedAt = Date.now();
      // Trending's totals in its own local-stack suite would count this suite's articles (support/exclusive.ts).
      // The outage suite's processes and this one's 16 would starve each other of the two cores.
      releaseHeavy = await exclusive('many-processes');
      release = await exclusive('kafka-article-published');
      const brokers = required('PULSE_TEST_KAFKA_BROKERS');
      kafka = new Kafka({
        clientId: `pulse-rra-${runId}`,
        brokers: brokers.split(','),
        logLevel: logLevel.NOTHING,
      });
      admin = kafka.admin();
      await admin.connect();
      const consumed = Object.values(SERVICES).flatMap((service) => service.topics);
      await admin.createTopics({
        waitForLeaders: true,
        topics: [...new Set([...consumed, TOPICS.articlePublished])].map((topic) => ({
          topic,
          numPartitions: BUS_PARTITIONS,
        })),
      });
      // Groups start where the shared topics end now: this run's events only, not every earlier run's.
      for (const [service, { topics }] of Object.entries(SERVICES))
        await startGroupsAtTopicEnds(admin, topics, (topic) => `${groupPrefix}${service}.${topic}`);
      observer = kafka.consumer({ groupId: `${groupPrefix}observer` });
      await observeFromNow<ArticlePublishedPayload>(
        admin,
        observer,
        `${groupPrefix}observer`,
        TOPICS.articlePublished,
        (envelope) => {
          if (Object.values(articleIds).includes(envelope.payload?.id)) published.push(envelope);
        },
      );
      publisher = new KafkaEventBus({
        brokers: brokers.split(','),
        clientId: `pulse-rra-pub-${runId}`,
        logger,
      });

      for (const service of Object.keys(SERVICES) as ServiceName[]) {
        for (let replica = 1; replica <= 2; replica += 1) {
          const port = await freePort();
          members.push({
            name: `${service} ${replica}`,
            port,
            start: () => startTs(`services/${service}/src/main.ts`, serviceEnv(service, port)),
          });
        }
      }
      const replicaUrls = (service: ServiceName) =>
        members
          .filter((member) => member.name.startsWith(`${service} `))
          .map(url)
          .join(',');
      for (let gateway = 1; gateway <= 2; gateway += 1) {
        const port = await freePort();
        gateways.push({
          name: `gateway ${gateway}`,
          port,
          start: () =>
            startTs('gateway/src/main.ts', {
              PORT: String(port),
              ...Object.fromEntries(
                (Object.keys(SERVICES) as ServiceName[]).map((service) => [
                  `${service.toUpperCase()}_URL`,
                  replicaUrls(service),
                ]),
              ),
              ADMIN_TOKEN,
              GATEWAY_MICROCACHE_MS: '0',
              RATE_LIMIT_READ_PER_MIN: '1000000',
              RATE_LIMIT_WRITE_PER_MIN: '1000000',
              RATE_LIMIT_ADMIN_PER_MIN: '1000000',
              CACHE_DRIVER: 'redis',
              REDIS_URL: required('PULSE_TEST_REDIS_URL'),
              CACHE_KEY_PREFIX: `pulse-rra-${runId}:gateway:`,
            }),
        });
      }
      // All at once: one after the other, 16 starts would take minutes.
      const spawnedAt = Date.now();
      for (const member of [...members, ...gateways]) member.process = member.start();
      await Promise.all([...members, ...gateways].map((member) => untilMemberReady(member, FIRST_START_MS)));
      console.log(
        `rolling restart (all): 16 processes ready ${((Date.now() - spawnedAt) / 1000).toFixed(0)} s after they were spawned`,
      );

      // Ready (/readyz) does not mean the consumers have joined: with 16 processes starting at once the
      // content group can still be rebalancing, which holds its first event past the read's deadline.
      // The services' client (KAFKA_CLIENT, or its default when unset) decides the group's protocol, and
      // so how it is described.
      const contentGroup = `${groupPrefix}content.${TOPICS.articleTranslated}`;
      const { KAFKA_CLIENT } = busConfigSchema.parse({ KAFKA_CLIENT: process.env.KAFKA_CLIENT });
      const groups = KAFKA_CLIENT === 'platformatic' ? await consumerGroupWatch() : await classicGroupWatch();
      try {
        await eventually(
          async () => expect(await groups.describe(contentGroup)).toBe('Stable with 2 members'),
          {
            timeoutMs: RESTART_MS,
            intervalMs: 500,
          },
        );
      } finally {
        await groups.close();
      }
      await publishEvent(publisher, TOPICS.articleTranslated, articlePayload(articleIds.before), {
        source: 'translation',
      });
      await untilReadable(articleIds.before);
    },
    EXCLUSIVE_WAIT_MS + FIRST_START_MS + 120_000,
  );

  afterAll(async () => {
    // A test that failed midway leaves its k6 running; nothing is read from it any more.
    if (k6Readers?.running()) await k6Readers.stop().catch(() => undefined);
    await Promise.all([...gateways, ...members].map((member) => member.process?.stop()));
    await observer?.disconnect();
    await publisher?.close();
    await admin?.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
    release?.();
    releaseHeavy?.();
  });

  it('answers every k6 read while each of the 16 processes is restarted in turn, and applies an event once', async () => {
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const targets: Array<{ path: string; headers?: Record<string, string> }> = [
      { path: `/api/articles/${articleIds.before}` },
      { path: '/api/content/news?limit=12&offset=0' },
      { path: '/api/sources' },
      { path: '/api/trending/hot-topics' },
      { path: '/api/trending/popular' },
      { path: '/api/community/questions' },
      { path: '/api/community/badges' },
      { path: '/api/ingestion/sources' },
      { path: '/api/newsletter/editions' },
      { path: '/api/translation/admin/held', headers: admin },
    ];
    // k6's readers behind a load balancer in front of both gateways, with its one retry on the other
    // gateway when one never answered (test/support/k6/gateway-readers.js).
    const readers = startK6Readers(gateways.map(url), targets, 8);
    k6Readers = readers;
    const moreAnswered = (count: number) =>
      eventually(() => expect(readers.answered()).toBeGreaterThan(count), {
        timeoutMs: 60_000,
        intervalMs: 50,
      });
    /** When each process was away: from its SIGTERM until it answered again. */
    const windows: Array<{ name: string; from: number; to: number }> = [];

    const restarts: Array<{ name: string; exit: number | null; stopMs: number; startMs: number }> = [];
    /** What a process that did not exit 0 printed last: why its shutdown failed. */
    const failedStops: Array<{ name: string; exit: number | null; output: string }> = [];
    const restartFrom = Date.now();
    await moreAnswered(50);
    for (const member of [...members, ...gateways]) {
      const stopFrom = Date.now();
      const stopping = member.process!.stop(); // SIGTERM, then the exit
      if (member.name === 'content 1')
        await publishEvent(publisher, TOPICS.articleTranslated, articlePayload(articleIds.during), {
          source: 'translation',
        });
      await stopping;
      const stopMs = Date.now() - stopFrom;
      const exit = member.process!.child.exitCode;
      if (exit !== 0)
        failedStops.push({ name: member.name, exit, output: member.process!.output().slice(-4000) });
      const startFrom = Date.now();
      member.process = member.start();
      await untilMemberReady(member, RESTART_MS);
      restarts.push({ name: member.name, exit, stopMs, startMs: Date.now() - startFrom });
      windows.push({ name: member.name, from: stopFrom, to: Date.now() });
      await moreAnswered(readers.answered() + 20); // both replicas serve again before the next one goes
    }
    const restartSeconds = (Date.now() - restartFrom) / 1000;
    const totals = await readers.stop();
    await untilReadable(articleIds.during);
    // Published once, not once per replica that held it. Eleven restarts followed its publication, so a
    // second publication by the replica that took it over has had time to arrive.
    const once = await eventually(
      () => {
        const ofDuring = published.filter((envelope) => envelope.payload.id === articleIds.during);
        expect(ofDuring.length).toBeGreaterThan(0);
        return ofDuring;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );

    // Each hand-over, by the process whose restart had begun last when it happened (restarts go one at a
    // time; k6 stamps a hand-over after the refused attempt, so never before that process's SIGTERM).
    const handedOver = new Map<string, number>();
    for (const { at, code } of readers.handovers) {
      const away = windows.filter((window) => window.from <= at).at(-1);
      const key = `${away?.name ?? 'none'} (${code})`;
      handedOver.set(key, (handedOver.get(key) ?? 0) + 1);
    }
    console.log(
      [
        `rolling restart (all, k6): ${totals.reads} reads, ${totals.answered} answered 200, ${readers.failures.length} failed, ` +
          `${readers.handovers.length} handed to the other gateway ` +
          `(${[...handedOver].map(([key, count]) => `${key}: ${count}`).join(', ')}); ` +
          `16 restarts in ${restartSeconds.toFixed(0)} s; ` +
          `suite ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
        `reads by path: ${Object.entries(totals.readsByPath)
          .map(([target, count]) => `${target} ${count}`)
          .join(', ')}`,
        ...restarts.map(
          (restart) =>
            `${restart.name}: exit ${restart.exit}, stopped in ${(restart.stopMs / 1000).toFixed(1)} s, ready again in ${(restart.startMs / 1000).toFixed(1)} s`,
        ),
        `article published during the content restarts: ${new Set(once.map((envelope) => envelope.id)).size} article.published event(s), delivered ${once.length} time(s)`,
      ].join('\n'),
    );
    expect(readers.failures.slice(0, 10)).toEqual([]);
    expect(totals.answered).toBe(totals.reads);
    // A service replica's restart is absorbed by the gateways: the load balancer only ever steps in while
    // a gateway itself restarts.
    expect([...handedOver.keys()].filter((key) => !key.startsWith('gateway '))).toEqual([]);
    expect(failedStops).toEqual([]);
    expect(restarts.map((restart) => [restart.name, restart.exit])).toEqual(
      [...members, ...gateways].map((member) => [member.name, 0]),
    );
    for (const target of targets)
      expect({ path: target.path, read: (totals.readsByPath[target.path] ?? 0) > 0 }).toEqual({
        path: target.path,
        read: true,
      });
    // One event, not one per replica that held it. The same envelope may arrive twice: both replicas'
    // outbox relays can publish a pending event before either removes it (at-least-once, ARCHITECTURE.md
    // 'Events and delivery'), and consumers drop the second by its envelope id.
    expect(new Set(once.map((envelope) => envelope.id)).size).toBe(1);
  }, 900_000);
});
