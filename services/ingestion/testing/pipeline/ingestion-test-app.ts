import {
  ARTICLE_COLLECTED_TOPIC,
  SOURCE_UPDATED_TOPIC,
  type ArticleCollectedPayload,
  type EventEnvelope,
  type SourceUpdatedPayload,
} from '@pulse/contracts';
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  adminConfigSchema,
  createServiceApp,
  EmbeddedDocumentStore,
  InProcessEventBus,
  MemoryCacheStore,
  type CacheStore,
  type DocumentStore,
  CLOCK,
} from '@pulse/platform';
import { TestClock } from '@pulse/testing';
import pino from 'pino';
import { IngestionModule } from '../../src/ingestion.module';
import {
  INGESTION_CONFIG,
  ingestionConfigSchema,
  type IngestionConfig,
} from '../../src/schedule/ingestion.config';
import { PIPELINE_STAGES, type PipelineStages } from '../../src/pipeline/stages';
import { FakeStages } from './fake-stages';

/** Where test time starts unless a test brings its own clock: a Monday morning. */
export const INGESTION_TEST_START = '2026-03-02T09:00:00.000Z';
export const ADMIN_TOKEN = 'test-admin-token-0123456789';
export const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

export interface IngestionTestApp {
  app: NestFastifyApplication;
  bus: InProcessEventBus;
  /** The embedded store, or a store a test brings (replicas sharing MongoDB). */
  store: DocumentStore;
  /** The cache port: purges for the gateway go out on it (embedded pub/sub reaches every store in the process). */
  cache: CacheStore;
  stages: FakeStages;
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * Test support: the ingestion service through createServiceApp over the embedded store and the
 * in-process bus, with fake stages and a TestClock. Default sources are off unless asked for.
 * `pipeline` replaces the fake stages with others built on the app's store (the real ones, for a test
 * that fetches from a local server); `stages` is then not used.
 */
export async function startIngestionTestApp(
  options: {
    config?: Partial<IngestionConfig>;
    stages?: FakeStages;
    clock?: TestClock;
    pipeline?: (store: DocumentStore) => PipelineStages;
    /** Adapters the test owns (replicas sharing one store, bus and cache): used, and left open by close(). */
    adapters?: Pick<IngestionTestApp, 'store' | 'bus' | 'cache'>;
  } = {},
): Promise<IngestionTestApp> {
  const shared = options.adapters;
  const dataDir = shared ? undefined : mkdtempSync(path.join(os.tmpdir(), 'pulse-ingestion-'));
  const bus = shared?.bus ?? new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
  const store = shared?.store ?? (await EmbeddedDocumentStore.open({ dataDir: dataDir! }));
  const cache = shared?.cache ?? new MemoryCacheStore();
  const stages = options.stages ?? new FakeStages();
  const clock = options.clock ?? new TestClock(INGESTION_TEST_START);
  const config: IngestionConfig = {
    ...ingestionConfigSchema.parse({ INGESTION_SEED_DEFAULT_SOURCES: 'false' }),
    ...options.config,
  };
  const previousToken = process.env.ADMIN_TOKEN;
  process.env.ADMIN_TOKEN = ADMIN_TOKEN;
  const module = IngestionModule.withProviders([
    { provide: PIPELINE_STAGES, useValue: options.pipeline ? options.pipeline(store) : stages },
    { provide: CLOCK, useValue: clock },
    { provide: INGESTION_CONFIG, useValue: config },
  ]);
  const definition = {
    name: 'ingestion',
    module,
    uses: ['bus', 'store', 'cache'] as const,
    defaultPort: 0,
    httpPrefixes: [],
    // ADMIN_TOKEN comes from the environment set above; the ingestion settings from the override.
    config: { admin: adminConfigSchema },
  };
  const app = await createServiceApp(definition, { bus, store, cache }, pino({ level: 'silent' })).finally(
    () => {
      if (previousToken === undefined) delete process.env.ADMIN_TOKEN;
      else process.env.ADMIN_TOKEN = previousToken;
    },
  );
  return {
    app,
    bus,
    store,
    cache,
    stages,
    clock,
    async close() {
      await app.close();
      if (!dataDir) return;
      await bus.close();
      await store.close();
      await cache.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const sourceBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Example AI',
  description: 'An example feed',
  sourceType: 'rss',
  url: 'https://feeds.example/ai.xml',
  category: 'gen-ai',
  ...overrides,
});

/** Collects every article.collected the app emits, as a downstream consumer (translation) would see them. */
export async function collectArticleEvents(
  t: IngestionTestApp,
): Promise<Array<EventEnvelope<ArticleCollectedPayload>>> {
  const collected: Array<EventEnvelope<ArticleCollectedPayload>> = [];
  await t.bus.subscribe({
    topic: ARTICLE_COLLECTED_TOPIC,
    group: 'translation-test',
    handler: (envelope) => void collected.push(envelope as EventEnvelope<ArticleCollectedPayload>),
  });
  return collected;
}

/** Collects the source.updated payloads the app emits, as the content service would see them. */
export async function collectSourceAnnouncements(t: IngestionTestApp): Promise<SourceUpdatedPayload[]> {
  const announced: SourceUpdatedPayload[] = [];
  await t.bus.subscribe({
    topic: SOURCE_UPDATED_TOPIC,
    group: 'content-test',
    handler: (envelope) => void announced.push((envelope as EventEnvelope<SourceUpdatedPayload>).payload),
  });
  return announced;
}
