import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TOPICS, type ArticleTranslatedPayload, type EventEnvelope, type Topic } from '@pulse/contracts';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  EmbeddedSearchIndex,
  InProcessEventBus,
  MemoryCacheStore,
  OffImageGenerator,
  OffLanguageModel,
  publishEvent,
  type ImageGenerator,
  type LanguageModel,
  type PortSet,
  type SearchIndex,
  type Clock,
} from '@pulse/platform';
import { eventually, TestClock } from '@pulse/testing';
import pino from 'pino';
import { ContentModule } from '../src/content.module';
import { contentService } from '../src/content.service-definition';

const logger = pino({ level: 'silent' });

/** A settable clock for tests; starts at `start`. */
export function testClock(start: number | string = '2026-03-02T03:00:00.000Z'): TestClock {
  return new TestClock(start);
}

export interface ContentTestOptions {
  clock?: Clock;
  env?: Record<string, string>;
  llm?: LanguageModel;
  images?: ImageGenerator;
  /** The search adapter; the embedded engine when omitted. Closed with the app. */
  search?: SearchIndex;
  /** How long `send` and `translated` wait for the service to handle an event (a remote index is slower). */
  handledWithinMs?: number;
}

/**
 * The content service on embedded adapters (in-process bus, embedded store and search, memory cache),
 * or on the search adapter given (the relevance suite on a real Meilisearch),
 * for service tests: requests through fastify injection, events through the bus.
 */
export async function startContentTestApp(options: ContentTestOptions = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-content-'));
  const saved = { ...process.env };
  Object.assign(process.env, { ADMIN_TOKEN: 'test-admin-token-0123456789', ...options.env });
  const bus = new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
  const store = await EmbeddedDocumentStore.open({ dataDir });
  const search = options.search ?? new EmbeddedSearchIndex();
  const cache = new MemoryCacheStore();
  const ports: PortSet = {
    bus,
    store,
    search,
    cache,
    llm: options.llm ?? new OffLanguageModel(),
    images: options.images ?? new OffImageGenerator(),
  };
  const definition = { ...contentService, module: ContentModule.withClock(options.clock) };
  const app: NestFastifyApplication = await createServiceApp(definition, ports, logger);
  const published: EventEnvelope[] = [];
  const sent: EventEnvelope[] = [];
  const processed = () => store.collection('bus_processed_ids').countDocuments({});
  const handledWithinMs = options.handledWithinMs ?? 10_000;

  return {
    app,
    bus,
    store,
    search,
    cache,
    dataDir,
    /** Sends an event as another service would, and waits until the content service handled it. */
    async send<T extends Topic>(topic: T, payload: unknown, source = 'translation') {
      const envelope = await publishEvent(bus, topic, payload as never, { source });
      sent.push(envelope as EventEnvelope);
      await eventually(async () => expect(await processed()).toBeGreaterThanOrEqual(sent.length), {
        timeoutMs: handledWithinMs,
      });
      return envelope;
    },
    translated: (payload: ArticleTranslatedPayload) =>
      publishEvent(bus, TOPICS.articleTranslated, payload, { source: 'translation' }).then(
        async (envelope) => {
          sent.push(envelope as EventEnvelope);
          await eventually(async () => expect(await processed()).toBeGreaterThanOrEqual(sent.length), {
            timeoutMs: handledWithinMs,
          });
        },
      ),
    /** Collects what the service emits on `topic` (call before the action). */
    async collect(topic: Topic, group = `test-${topic}`) {
      const seen: EventEnvelope[] = [];
      await bus.subscribe({ topic, group, handler: (event) => void seen.push(event as EventEnvelope) });
      published.push(...seen);
      return seen;
    },
    inject: app.inject.bind(app),
    async get<T = unknown>(url: string, headers: Record<string, string> = {}) {
      const response = await app.inject({ method: 'GET', url, headers });
      return { status: response.statusCode, body: safeJson(response.body) as T, headers: response.headers };
    },
    async close() {
      await app.close();
      await cache.close();
      await search.close();
      await store.close();
      await bus.close();
      process.env = saved;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type ContentTestApp = Awaited<ReturnType<typeof startContentTestApp>>;

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

let serial = 0;
/** A valid article.translated payload; override what the test cares about. */
export function translatedArticle(
  overrides: Partial<ArticleTranslatedPayload> = {},
): ArticleTranslatedPayload {
  serial += 1;
  const id = overrides.articleId ?? `art-${String(serial).padStart(4, '0')}`;
  return {
    articleId: id,
    clusterId: `cluster-${id}`,
    title: `오픈AI, 새로운 추론 모델 공개 ${serial}`,
    summary: '오픈AI가 새로운 추론 모델을 공개했다.',
    bodyHtml: '<p>오픈AI가 새로운 추론 모델을 공개했다. 블록체인 업계도 주목한다.</p>',
    primaryCategory: 'gen-ai',
    secondaryCategory: null,
    tags: ['오픈AI', 'LLM'],
    contentType: 'news',
    keyInsights: [],
    translationStatus: 'translated',
    model: 'test-model',
    usage: { promptTokens: 10, completionTokens: 20, totalTokens: 30 },
    sources: [
      {
        sourceId: 'openai-blog',
        sourceName: 'OpenAI Blog',
        url: `https://openai.com/news/${id}`,
        canonicalUrl: `https://openai.com/news/${id}`,
        title: 'OpenAI releases a new reasoning model',
        author: null,
        publishedAt: '2026-03-01T00:00:00.000Z',
      },
    ],
    imageUrl: null,
    youtubeVideos: [],
    translatedAt: '2026-03-01T01:00:00.000Z',
    ...overrides,
  };
}
