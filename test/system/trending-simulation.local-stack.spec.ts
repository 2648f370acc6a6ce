import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOPICS, type EventEnvelope, type TrendingScoresUpdatedPayload } from '@pulse/contracts';
import { PATTERN_EXTRAS_METADATA, PATTERN_METADATA } from '@nestjs/microservices/constants';
import { KAFKA_DEFAULT_PARTITIONS, KafkaEventBus } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import { trendingService } from '@pulse/trending';
import { TrendingModule } from '@pulse/trending/src/trending.module';
import { Admin, Kafka, logLevel, type Consumer } from 'kafkajs';
import { MongoClient } from 'mongodb';
import pino from 'pino';
import { freePort, startTs, type RunningProcess, untilReady } from '../support/processes';
import { scriptedDay, type ScriptedDay } from '../support/trending-day';
import {
  expectSameArticles,
  expectSameSnapshot,
  expectScoresShown,
  expectScriptedOrders,
  expectScriptedStats,
  publishDay,
  publishInBatches,
  resentCopies,
  triggerArticle,
  snapshot,
  trendingApi,
  type Snapshot,
  type TrendingApi,
} from '../support/trending-simulation';
import { exclusive, EXCLUSIVE_WAIT_MS } from '../support/exclusive';
import { required } from '../support/infra-env';
import { observeFromNow, startGroupsAtTopicEnds } from '../support/kafka-groups';

/** The bus's default partition count on Kafka, for topics this test may be the first to need. */
const BUS_PARTITIONS = KAFKA_DEFAULT_PARTITIONS;
const CONSUMED_TOPICS = [
  TOPICS.articlePublished,
  TOPICS.articleEngaged,
  TOPICS.techAnalysisPublished,
  TOPICS.articleWithdrawn,
];
/**
 * The consumer group of each topic the service consumes, named as PulseBusTransport names them: the
 * handler's @EventPattern extras.group, else '<service>.<topic>'; behind BUS_GROUP_PREFIX.
 */
function consumerGroups(prefix: string): Map<string, string> {
  const groups = new Map<string, string>();
  // The service's module, static (@Module metadata) or dynamic (TrendingModule.withClock()).
  const module = trendingService.module as { controllers?: unknown[] };
  const controllers = (module.controllers ??
    TrendingModule.withClock().controllers ??
    Reflect.getMetadata('controllers', trendingService.module) ??
    []) as Array<{ prototype: object }>;
  for (const controller of controllers) {
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const method = (controller.prototype as Record<string, unknown>)[name];
      if (typeof method !== 'function') continue;
      const patterns = Reflect.getMetadata(PATTERN_METADATA, method) as unknown[] | undefined;
      const extras = (Reflect.getMetadata(PATTERN_EXTRAS_METADATA, method) ?? {}) as { group?: string };
      for (const pattern of patterns ?? [])
        if (typeof pattern === 'string')
          groups.set(pattern, prefix + (extras.group ?? `${trendingService.name}.${pattern}`));
    }
  }
  return groups;
}

/** Scores drift on the real clock between two reads (about 0.02 % a second at the bursts' ages). */
const SCORE_TOLERANCE = 0.005;

/**
 * Trending end to end, local stack: the scripted day with the trending service as its own
 * process (services/trending/src/main.ts) over Kafka, the MongoDB-compatible server and Redis; the test
 * publishes the envelopes to Kafka with our KafkaEventBus and reads the service over HTTP.
 *
 * The clock: the service takes a settable clock only in process (TrendingModule.withClock), so this
 * process runs on the real clock and the day is generated relative to it: the day ends at the minute
 * the test starts, and every event keeps several minutes clear of the windows' edges (trending-day.ts),
 * so the minute or so the test takes changes no window. Scores therefore keep decaying while the test
 * runs, and two snapshots are compared with hotScore and avgHotScore to within 0.5 %.
 *
 * Isolation: its own databases, cache prefix, Kafka client ids and consumer groups (BUS_GROUP_PREFIX),
 * and article, session and envelope ids prefixed with the run. The topics are shared with every other
 * run, and a new consumer group starts at a topic's earliest record, which would feed the service every
 * earlier run's articles; so before the service starts, its group's offsets are set to the topics' ends.
 *
 * Waiting, never sleeping: "consumed" is the service's group having committed up to the topics' ends;
 * "recomputed" is a trending.scores-updated batch computed after that, and then two identical snapshots
 * in a row (the pass has saved every score).
 */
describe('trending simulation, local stack: a scripted day → Kafka → trending process (MongoDB, Redis)', () => {
  const runId = `${Date.now()}_${randomUUID().slice(0, 8)}`;
  const groupPrefix = `tsim-${runId}.`;
  const groups = consumerGroups(groupPrefix);
  const logger = pino({ level: 'silent' });
  let dataDir: string;
  let kafka: Kafka;
  let admin: Admin;
  let publisher: KafkaEventBus;
  let observer: Consumer;
  let service: RunningProcess | undefined;
  let mongo: MongoClient;
  let database: string;
  let api: TrendingApi;
  let day: ScriptedDay;
  let before: Snapshot | undefined;
  const batches: Array<EventEnvelope<TrendingScoresUpdatedPayload>> = [];

  const diagnostics = () => `\n--- trending output ---\n${service?.output() ?? ''}`;

  /** Until the service's group has committed every record published so far on the topics it consumes. */
  const consumed = async (timeoutMs = 90_000) => {
    const ends = await Promise.all(CONSUMED_TOPICS.map((topic) => admin.fetchTopicOffsets(topic)));
    await eventually(
      async () => {
        if (service?.child.exitCode !== null) throw new Error(`the trending process exited${diagnostics()}`);
        for (const [index, topic] of CONSUMED_TOPICS.entries()) {
          const committed = await admin.fetchOffsets({ groupId: groups.get(topic)!, topics: [topic] });
          for (const end of ends[index]) {
            const at = committed[0]?.partitions.find((partition) => partition.partition === end.partition);
            if (!at || Number(at.offset) < Number(end.high))
              throw new Error(
                `${topic}[${end.partition}] committed ${at?.offset} of ${end.high} (${groups.get(topic)})`,
              );
          }
        }
      },
      { timeoutMs, intervalMs: 200 },
    ).catch((error: Error) => {
      error.message += diagnostics();
      throw error;
    });
  };

  /**
   * A recompute that starts after everything was consumed. Any article.published asks for one, so the
   * spec publishes a trigger article dated 60 days back: outside every period and never scored, it shows
   * in no response. The pass's batch names our articles (their scores drift with the clock) with a
   * computedAt after the request. The pass saves the scores after sending the batch, so the pass has
   * finished when the lists show the latest such batch's scores and two snapshots in a row are equal.
   */
  let triggers = 0;
  const recomputed = async (): Promise<Snapshot> => {
    const requestedAt = new Date().toISOString();
    await publisher.publish(TOPICS.articlePublished, triggerArticle(day, `ts${runId}-trigger-${triggers++}`));
    await eventually(
      () => {
        const ours = batches.find(
          (batch) =>
            batch.payload.computedAt >= requestedAt &&
            batch.payload.scores.some((score) => score.articleId === day.expected.hot[0]),
        );
        if (!ours) throw new Error(`no trending.scores-updated computed after ${requestedAt} yet`);
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    // The last pass so far, whichever articles it names (engagement another suite publishes on the
    // shared topic starts passes too); an article it leaves out kept the score an earlier batch carried.
    const latestBatch = () =>
      batches
        .filter((batch) => batch.payload.computedAt >= requestedAt)
        .reduce((latest, batch) => (batch.payload.computedAt > latest.payload.computedAt ? batch : latest));
    return eventually(
      async () => {
        const first = await snapshot(api);
        expectScoresShown(first, latestBatch().payload.scores);
        const second = await snapshot(api);
        expect(second).toEqual(first);
        return second;
      },
      { timeoutMs: 60_000, intervalMs: 50 },
    );
  };

  let release: (() => void) | undefined;

  /**
   * The statistics count every article in the service's store, so an article another suite published on
   * the shared topic breaks them; the failure then names those articles (support/exclusive.ts says who
   * must hold the lock).
   */
  const expectStatsNamingStrangers = async (snap: Snapshot) => {
    try {
      expectScriptedStats(day, snap, Date.now());
    } catch (error) {
      const strangers = await mongo
        .db(database)
        .collection<{ _id: string; title?: string }>('trending_articles')
        .find({ _id: { $not: new RegExp(`^ts${runId}-`) } }, { projection: { title: 1 }, limit: 20 })
        .toArray();
      if (strangers.length > 0)
        (error as Error).message +=
          `\n--- articles not of this run in the service's store ---\n` +
          strangers.map((article) => `${article._id} ${article.title ?? ''}`).join('\n');
      throw error;
    }
  };

  beforeAll(async () => {
    // Not beside the other suite on article.published (test/support/exclusive.ts).
    release = await exclusive('kafka-article-published');
    const brokers = required('PULSE_TEST_KAFKA_BROKERS');
    const mongoUrl = required('PULSE_TEST_MONGO_URL');
    const redisUrl = required('PULSE_TEST_REDIS_URL');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-trending-sim-stack-'));
    day = scriptedDay({ nowMs: Date.now(), idPrefix: `ts${runId}-`, medianViews: 6, scale: 0.5 });

    kafka = new Kafka({
      clientId: `pulse-trending-sim-${runId}`,
      brokers: brokers.split(','),
      logLevel: logLevel.NOTHING,
    });
    admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({
      waitForLeaders: true,
      topics: [...CONSUMED_TOPICS, TOPICS.trendingScoresUpdated].map((topic) => ({
        topic,
        numPartitions: BUS_PARTITIONS,
      })),
    }); // false, and no change, when they exist
    // The service's groups start where the topics end now: earlier runs' articles are not ours.
    expect([...groups.keys()].sort()).toEqual([...CONSUMED_TOPICS].sort());
    await startGroupsAtTopicEnds(admin, CONSUMED_TOPICS, (topic) => groups.get(topic)!);
    // The test's own group reads the scores the service emits, from now on.
    observer = kafka.consumer({ groupId: `${groupPrefix}observer` });
    await observeFromNow<TrendingScoresUpdatedPayload>(
      admin,
      observer,
      `${groupPrefix}observer`,
      TOPICS.trendingScoresUpdated,
      (envelope) => {
        if (envelope.payload?.scores?.some((score) => day.totals.has(score.articleId)))
          batches.push(envelope);
      },
    );
    publisher = new KafkaEventBus({
      brokers: brokers.split(','),
      clientId: `pulse-trending-sim-pub-${runId}`,
      logger,
    });

    database = `pulse_tsim_${runId}`;
    const port = await freePort();
    service = startTs('services/trending/src/main.ts', {
      PORT: String(port),
      PULSE_DATA_DIR: dataDir,
      BUS_DRIVER: 'kafka',
      KAFKA_BROKERS: brokers,
      KAFKA_CLIENT_ID: `pulse-tsim-trending-${runId}`,
      BUS_GROUP_PREFIX: groupPrefix,
      STORE_DRIVER: 'mongo',
      MONGO_URL: mongoUrl.replace(/\/[^/]*$/, `/${database}`),
      CACHE_DRIVER: 'redis',
      REDIS_URL: redisUrl,
      CACHE_KEY_PREFIX: `pulse-tsim-${runId}:`,
      // Only the spec's own requests (and the engagement) start a pass; the periodic one stays away.
      TRENDING_RECOMPUTE_SECONDS: '300',
      TRENDING_RECOMPUTE_DEBOUNCE_MS: '500',
    });
    await untilReady(service, `http://127.0.0.1:${port}`, { diagnostics });
    api = trendingApi(`http://127.0.0.1:${port}`);
    mongo = await MongoClient.connect(mongoUrl, { serverSelectionTimeoutMS: 5_000 });
  }, EXCLUSIVE_WAIT_MS + 180_000);

  afterAll(async () => {
    await service?.stop();
    await observer?.disconnect();
    await publisher?.close();
    if (admin) {
      await admin
        .deleteGroups([...new Set(groups.values()), `${groupPrefix}observer`])
        .catch(() => undefined);
      await admin.disconnect();
    }
    if (mongo && database) await mongo.db(database).dropDatabase();
    await mongo?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    release?.();
  });

  it('orders hot topics, rising and popular as scripted, and its statistics equal the generated totals', async () => {
    await publishDay(publisher, day);
    await consumed();
    before = await recomputed();

    expectScriptedOrders(day, before);
    await expectStatsNamingStrangers(before);
  });

  it('replaying every engagement envelope, and re-sending the same engagement under new ids, changes nothing', async () => {
    if (!before) throw new Error('the scripted day did not complete; see the test above');
    await publishInBatches(publisher, TOPICS.articleEngaged, day.engaged);
    await publishInBatches(publisher, TOPICS.articleEngaged, resentCopies(day, 'resent'));
    await consumed();
    // Without a pass: the totals are exactly as they were.
    expectSameSnapshot(await snapshot(api), before);
    // After a pass over what the replay left: the same articles and totals, scores to within the drift.
    const after = await recomputed();
    expectScriptedOrders(day, after);
    await expectStatsNamingStrangers(after);
    expectSameArticles(after, before, SCORE_TOLERANCE);
  });
});
