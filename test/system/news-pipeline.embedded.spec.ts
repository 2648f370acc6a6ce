import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { context, propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import {
  TOPICS,
  type ArticleCollectedPayload,
  type ArticleTranslatedPayload,
  type EventEnvelope,
} from '@pulse/contracts';
import { ingestionService } from '@pulse/ingestion';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  InProcessEventBus,
  MemoryCacheStore,
  OpenAiCompatibleLanguageModel,
  type Subscription,
} from '@pulse/platform';
import { eventually, startFixtureServer, type FixtureServer } from '@pulse/testing';
import { translationService } from '@pulse/translation';
import pino from 'pino';
import { startKoreanLlmServer, type KoreanLlmServer } from '../support/korean-llm-server';
import {
  collectAndTranslateFixtureFeeds,
  ingestionApi,
  PIPELINE_ADMIN_TOKEN,
  retriggerChangesNothing,
  traceIdOf,
  type FirstPass,
  type PipelineContext,
  type StoredStory,
  type StoredTranslation,
} from '../support/news-pipeline';

const logger = pino({ level: 'silent' });

/** The settings createServiceApp reads from the environment (the ports are passed in). */
const SERVICE_ENV = {
  ADMIN_TOKEN: PIPELINE_ADMIN_TOKEN,
  // Only the test's manual triggers run sources; nothing is seeded, so nothing leaves for the network.
  INGESTION_SEED_DEFAULT_SOURCES: 'false',
  // Its feeds are fixture servers on this machine.
  INGESTION_ALLOW_PRIVATE_SOURCES: 'true',
  INGESTION_FIRST_RUN_DELAY_SECONDS: '86400',
};

/**
 * The news pipeline end to end, embedded: fixture server → ingestion → in-process bus → translation →
 * stored Korean article, in one process (both services through createServiceApp, as the embedded
 * launcher builds them), with one trace from the source run to the stored translation.
 */
describe('news pipeline, embedded: fixture feeds → ingestion → in-process bus → translation', () => {
  let dataDir: string;
  let fixtures: FixtureServer;
  let llmServer: KoreanLlmServer;
  let bus: InProcessEventBus;
  let ingestionStore: EmbeddedDocumentStore;
  let translationStore: EmbeddedDocumentStore;
  let cache: MemoryCacheStore;
  let llm: OpenAiCompatibleLanguageModel;
  const apps: NestFastifyApplication[] = [];
  const observers: Subscription[] = [];
  let ctx: PipelineContext;
  let first: FirstPass | undefined;
  const savedEnv = { ...process.env };
  // What startTelemetry sets up in every process (W3C propagation, async context), plus an in-memory
  // exporter so the test can see which span each envelope's traceparent names.
  const spans = new InMemorySpanExporter();
  const tracing = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: spans })] });

  beforeAll(async () => {
    trace.setGlobalTracerProvider(tracing);
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-news-pipeline-'));
    fixtures = await startFixtureServer();
    llmServer = await startKoreanLlmServer();
    bus = new InProcessEventBus({
      dataDir: path.join(dataDir, 'bus'),
      maxAttempts: 3,
      backoff: { initialMs: 10, maxMs: 50 },
    });
    ingestionStore = await EmbeddedDocumentStore.open({ dataDir: path.join(dataDir, 'ingestion') });
    translationStore = await EmbeddedDocumentStore.open({ dataDir: path.join(dataDir, 'translation') });
    cache = new MemoryCacheStore();
    llm = new OpenAiCompatibleLanguageModel({
      baseUrl: llmServer.baseUrl,
      model: 'test-model',
      timeoutMs: 5_000,
      maxRetries: 2,
      retryBaseDelayMs: 5,
      logger,
    });
    Object.assign(process.env, SERVICE_ENV);
    const ingestion = await createServiceApp(ingestionService, { bus, store: ingestionStore, cache }, logger);
    apps.push(ingestion);
    apps.push(await createServiceApp(translationService, { bus, store: translationStore, llm }, logger));
    await ingestion.listen(0, '127.0.0.1');
    const { port } = ingestion.getHttpServer().address() as AddressInfo;

    const collected = new Map<string, EventEnvelope<ArticleCollectedPayload>>();
    const translated = new Map<string, EventEnvelope<ArticleTranslatedPayload>>();
    // The test's own consumer groups, beside translation's: every envelope, as it travelled.
    observers.push(
      await bus.subscribe<ArticleCollectedPayload>({
        topic: TOPICS.articleCollected,
        group: 'news-pipeline-observer',
        handler: (event) => void collected.set(event.payload.clusterId, event),
      }),
      await bus.subscribe<ArticleTranslatedPayload>({
        topic: TOPICS.articleTranslated,
        group: 'news-pipeline-observer',
        handler: (event) => void translated.set(event.payload.clusterId, event),
      }),
    );
    const stories = ingestionStore.collection<StoredStory>('collected_stories');
    const jobs = translationStore.collection<StoredTranslation>('translations');
    ctx = {
      api: ingestionApi(`http://127.0.0.1:${port}`),
      fixtures,
      llm: llmServer,
      tag: `embedded-${Date.now()}`,
      stories: (sourceIds) => stories.find({ 'sources.sourceId': { $in: sourceIds } }),
      translations: (clusterIds) => jobs.find({ _id: { $in: clusterIds } }),
      collected,
      translated,
      timeoutMs: 20_000,
    };
  });

  afterAll(async () => {
    await Promise.all(observers.map((observer) => observer.close()));
    for (const app of apps.reverse()) await app.close();
    await bus?.close();
    await ingestionStore?.close();
    await translationStore?.close();
    await cache?.close();
    await llm?.close();
    await llmServer?.close();
    await fixtures?.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.env = savedEnv;
    await tracing.shutdown();
    // Leaves the Jest worker as it found it, for the next test file.
    trace.disable();
    propagation.disable();
    context.disable();
  });

  it('stores every new story of an RSS 2.0 and an Atom feed as a sanitised Korean article, in one trace from run to store', async () => {
    first = await collectAndTranslateFixtureFeeds(ctx);

    // Which spans the envelopes name: article.collected is stored in its source's run span, and
    // article.translated in translation's consumer span, a child of that run span.
    const spanId = (traceparent: string | undefined) => traceparent!.split('-')[2];
    for (const clusterId of first.clusterIds) {
      const collected = ctx.collected.get(clusterId)!;
      const translated = ctx.translated.get(clusterId)!;
      const [run, consumer] = await eventually(() => {
        const finished = spans.getFinishedSpans();
        const byId = (id: string) => finished.find((span) => span.spanContext().spanId === id);
        const found = [byId(spanId(collected.traceparent)), byId(spanId(translated.traceparent))];
        if (!found[0] || !found[1]) throw new Error(`spans of ${clusterId} not finished yet`);
        return found as [NonNullable<(typeof found)[0]>, NonNullable<(typeof found)[1]>];
      });
      expect(run.name).toBe('ingestion.run-source');
      expect(first.sourceIds).toContain(run.attributes['pulse.source.id']);
      expect(collected.payload.sources.map((source) => source.sourceId)).toContain(
        run.attributes['pulse.source.id'],
      );
      expect(consumer.name).toBe(`${TOPICS.articleCollected} process`);
      expect(consumer.parentSpanContext?.spanId).toBe(run.spanContext().spanId);
      expect(consumer.spanContext().traceId).toBe(traceIdOf(collected.traceparent));
    }
  });

  it('a second trigger of the same sources makes no story and no LLM call (conditional GET, duplicates)', async () => {
    if (!first) throw new Error('the first pass did not complete; see the test above');
    await retriggerChangesNothing(ctx, first);
  });
});
