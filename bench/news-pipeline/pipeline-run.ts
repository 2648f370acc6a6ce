import fs from 'node:fs';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TOPICS, type ArticleCollectedPayload, type EventEnvelope } from '@pulse/contracts';
import { ingestionService } from '@pulse/ingestion';
import {
  createServiceApp,
  MemoryCacheStore,
  OpenAiCompatibleLanguageModel,
  type DocumentStore,
  type EventBus,
  type Subscription,
} from '@pulse/platform';
import { syntheticFeeds, type SyntheticFeed } from '@pulse/testing';
import { translationService } from '@pulse/translation';
import type { Logger } from 'pino';
import { startFeedServer } from './feed-server';
import { startLlmStub } from './llm-stub';

export const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** The adapters of one configuration: one bus per service process (or one shared), one store each. */
export interface PipelineTarget {
  label: string;
  ingestion: { bus: EventBus; store: DocumentStore };
  translation: { bus: EventBus; store: DocumentStore };
  /** Where the bench itself listens for article.collected (its own consumer group). */
  observer: EventBus;
}

export interface PipelineOptions {
  items: number;
  perFeed: number;
  llmLatencyMs: number;
  /** Items run one at a time afterwards, on an idle pipeline. */
  aloneItems: number;
  timeoutMs: number;
  feedDir: string;
  logger: Logger;
}

export interface PipelineResult {
  label: string;
  items: number;
  translated: number;
  /** itemsNew over every run: all items must be new clusters. */
  collectedNew: number;
  /** First fetch → last article.collected written (the outbox event's occurredAt). */
  ingestionMs: number;
  /** First fetch → last translation stored. */
  endToEndMs: number;
  /** Per item, fetch start of its feed → its translation stored. */
  fetchToStored: number[];
  /** Per item, article.collected occurredAt → translation stored: the bus and the translation queue. */
  collectedToStored: number[];
  /** Per item of the one-at-a-time phase, fetch start → stored. */
  alone: number[];
  llmRequests: number;
  timedOut: boolean;
  /** On a timeout: jobs by status and the last error seen, to tell a stall from failing calls. */
  diagnosis?: string;
}

interface StoredTranslation {
  _id: string;
  status: string;
  updatedAt: string;
  lastError: string | null;
  source: ArticleCollectedPayload;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One configuration end to end: feeds on a local HTTP server → ingestion (real fetch, parse, canonical
 * URLs, clustering, outbox) → bus → translation (LLM stub with a fixed latency) → translations collection.
 * Both services are Nest apps from createServiceApp in this process, as the embedded launcher builds them.
 */
export async function runPipeline(target: PipelineTarget, options: PipelineOptions): Promise<PipelineResult> {
  const { items, logger } = options;
  fs.mkdirSync(options.feedDir, { recursive: true });
  const feedServer = await startFeedServer(options.feedDir);
  const baseLink = 'https://bench.pulse.example/news';
  const burst = syntheticFeeds({ items, perFeed: options.perFeed, baseLink, name: 'burst' });
  // Different stories (another seed) for the one-at-a-time phase, one feed each.
  const alone = syntheticFeeds({ items: options.aloneItems, perFeed: 1, baseLink, name: 'alone', seed: 7 });
  for (const feed of [...burst, ...alone]) fs.writeFileSync(path.join(options.feedDir, feed.path), feed.xml);
  const feedOfLink = new Map<string, SyntheticFeed>();
  for (const feed of [...burst, ...alone]) for (const story of feed.stories) feedOfLink.set(story.link, feed);

  const llmServer = await startLlmStub(options.llmLatencyMs, 2 * (items + options.aloneItems) + 50);
  const llm = new OpenAiCompatibleLanguageModel({
    baseUrl: llmServer.baseUrl,
    model: 'bench-fixed-latency',
    timeoutMs: 30_000,
    maxRetries: 2,
    logger,
  });

  const collectedAt = new Map<string, number>();
  const apps: NestFastifyApplication[] = [];
  let observer: Subscription | undefined;
  const env = { ...process.env };
  try {
    Object.assign(process.env, {
      ADMIN_TOKEN,
      INGESTION_SEED_DEFAULT_SOURCES: 'false',
      // Its feeds are fixture servers on this machine.
      INGESTION_ALLOW_PRIVATE_SOURCES: 'true',
      // Only the bench's manual triggers run sources.
      INGESTION_FIRST_RUN_DELAY_SECONDS: '86400',
      INGESTION_INTERVAL_MINUTES: '1440',
    });
    observer = await target.observer.subscribe<ArticleCollectedPayload>({
      topic: TOPICS.articleCollected,
      group: 'bench-observer',
      handler: (event: EventEnvelope<ArticleCollectedPayload>) => {
        collectedAt.set(event.payload.clusterId, Date.parse(event.occurredAt));
      },
    });
    // Consumer first, as the embedded launcher orders them.
    apps.push(
      await createServiceApp(
        translationService,
        { ...target.translation, llm },
        logger.child({ service: 'translation' }),
      ),
    );
    const ingestion = await createServiceApp(
      ingestionService,
      { ...target.ingestion, cache: new MemoryCacheStore() },
      logger.child({ service: 'ingestion' }),
    );
    apps.push(ingestion);

    const createSource = async (feed: SyntheticFeed): Promise<string> => {
      const response = await ingestion.inject({
        method: 'POST',
        url: '/api/ingestion/sources',
        headers: admin,
        payload: {
          name: `Bench ${feed.path}`,
          sourceType: 'rss',
          url: `${feedServer.baseUrl}${feed.path}`,
          category: 'big-tech',
          allowPrivateNetwork: true,
        },
      });
      if (response.statusCode !== 201 && response.statusCode !== 200)
        throw new Error(`creating a source: ${response.statusCode} ${response.body}`);
      return response.json<{ id: string }>().id;
    };
    const trigger = async (payload: object) => {
      const response = await ingestion.inject({
        method: 'POST',
        url: '/api/ingestion/runs',
        headers: admin,
        payload,
      });
      if (response.statusCode !== 202) throw new Error(`trigger: ${response.statusCode} ${response.body}`);
    };
    const translations = target.translation.store.collection<StoredTranslation>('translations');
    const countTranslated = () => translations.countDocuments({ status: 'translated' });
    const waitForTranslated = async (count: number, deadline: number) => {
      while ((await countTranslated()) < count) {
        if (Date.now() > deadline) return false;
        await sleep(100);
      }
      return true;
    };

    // Burst: every feed triggered at once (the run queue fetches INGESTION_CONCURRENCY sources at a time).
    for (const feed of burst) await createSource(feed);
    await trigger({});
    const burstDone = await waitForTranslated(items, Date.now() + options.timeoutMs);
    const burstRecords = await translations.find({ status: 'translated' });

    // Alone: one item at a time on an idle pipeline, for the latency without any queue.
    let aloneDone = burstDone;
    for (const [index, feed] of alone.entries()) {
      if (!aloneDone) break;
      await trigger({ sourceId: await createSource(feed) });
      aloneDone = await waitForTranslated(items + index + 1, Date.now() + 30_000);
    }
    const allRecords = await translations.find({ status: 'translated' });
    let diagnosis: string | undefined;
    if (!burstDone || !aloneDone) {
      const jobs = await translations.find({});
      const byStatus = new Map<string, number>();
      for (const job of jobs) byStatus.set(job.status, (byStatus.get(job.status) ?? 0) + 1);
      const lastError = jobs.find((job) => job.lastError)?.lastError;
      diagnosis = `jobs ${JSON.stringify(Object.fromEntries(byStatus))}, article.collected seen ${collectedAt.size}, LLM calls ${llmServer.requests.length}${lastError ? `, error: ${lastError.slice(0, 200)}` : ''}`;
    }

    const runsResponse = await ingestion.inject({ method: 'GET', url: '/api/ingestion/runs?limit=100' });
    const runs = runsResponse.json<Array<{ itemsNew: number; sourceName: string }>>();
    const collectedNew = runs
      .filter((run) => run.sourceName.includes('/burst-'))
      .reduce((sum, run) => sum + run.itemsNew, 0);

    const fetchStartOf = (record: StoredTranslation) => {
      const feed = feedOfLink.get(record.source.sources[0].url);
      return feed ? feedServer.firstRequestAt.get(feed.path) : undefined;
    };
    const fetchToStored: number[] = [];
    const collectedToStored: number[] = [];
    const aloneLatencies: number[] = [];
    let firstFetch = Infinity;
    let lastStored = 0;
    let lastCollected = 0;
    const burstIds = new Set(burstRecords.map((record) => record._id));
    for (const record of allRecords) {
      const stored = Date.parse(record.updatedAt);
      const fetchStart = fetchStartOf(record);
      if (fetchStart === undefined) continue;
      if (!burstIds.has(record._id)) {
        aloneLatencies.push(stored - fetchStart);
        continue;
      }
      firstFetch = Math.min(firstFetch, fetchStart);
      lastStored = Math.max(lastStored, stored);
      fetchToStored.push(stored - fetchStart);
      const collected = collectedAt.get(record._id);
      if (collected !== undefined) {
        collectedToStored.push(stored - collected);
        lastCollected = Math.max(lastCollected, collected);
      }
    }
    return {
      label: target.label,
      items,
      translated: burstRecords.length,
      collectedNew,
      ingestionMs: lastCollected - firstFetch,
      endToEndMs: lastStored - firstFetch,
      fetchToStored,
      collectedToStored,
      alone: aloneLatencies,
      llmRequests: llmServer.requests.length,
      timedOut: !burstDone || !aloneDone,
      diagnosis,
    };
  } finally {
    process.env = env;
    for (const app of apps.reverse()) await app.close().catch(() => undefined);
    await observer?.close().catch(() => undefined);
    await llm.close();
    await llmServer.close();
    await feedServer.close();
  }
}
