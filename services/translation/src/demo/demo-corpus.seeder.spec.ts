import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TOPICS, type ArticleTranslatedPayload, type EventEnvelope } from '@pulse/contracts';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  InProcessEventBus,
  OffLanguageModel,
} from '@pulse/platform';
import { eventually } from '@pulse/testing';
import pino from 'pino';
import type { TranslationRecord } from '../translation.record';
import { translationService } from '../translation.service-definition';
import { loadDemoCorpus } from './demo-corpus';
import { DemoCorpusSeeder } from './demo-corpus.seeder';

const logger = pino({ level: 'silent' });
const corpus = loadDemoCorpus();

/** The translation service over one embedded store (kept across restarts) and an in-memory bus. */
async function setUp() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-demo-corpus-'));
  const bus = new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
  const translated: ArticleTranslatedPayload[] = [];
  const subscription = await bus.subscribe({
    topic: TOPICS.articleTranslated,
    group: 'content-under-test',
    handler: (event) => void translated.push((event as EventEnvelope<ArticleTranslatedPayload>).payload),
  });
  let store: EmbeddedDocumentStore | undefined;
  let app: NestFastifyApplication | undefined;
  const stop = async () => {
    await app?.close();
    await store?.close();
    app = store = undefined;
  };
  return {
    translated,
    /** Starts (or restarts) the service as `npm start` would, with DEMO_CORPUS as given. */
    start: async (demoCorpus: 'true' | 'false') => {
      await stop();
      process.env.DEMO_CORPUS = demoCorpus;
      store = await EmbeddedDocumentStore.open({ dataDir });
      app = await createServiceApp(translationService, { bus, store, llm: new OffLanguageModel() }, logger);
      return app;
    },
    jobs: () => store!.collection<TranslationRecord & { sample?: boolean }>('translations').find({}),
    stop,
    close: async () => {
      await stop();
      await subscription.close();
      await bus.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('demo corpus seeding', () => {
  const savedEnv = { ...process.env };
  let env: Awaited<ReturnType<typeof setUp>>;

  beforeEach(async () => {
    env = await setUp();
  });

  afterEach(async () => {
    await env.close();
    process.env = savedEnv;
  });

  it('with DEMO_CORPUS=true stores each sample once and emits one article.translated each, across restarts', async () => {
    const app = await env.start('true');
    // Seeding again in the same process (a second replica racing) adds nothing.
    expect(await app.get(DemoCorpusSeeder).seed()).toBe(0);
    await env.start('true');

    const jobs = await env.jobs();
    expect(jobs).toHaveLength(corpus.length);
    expect(jobs.map((job) => job._id).sort()).toEqual(corpus.map((a) => a.id).sort());
    for (const job of jobs)
      expect(job).toMatchObject({
        status: 'translated',
        model: null,
        sample: true,
        usage: { promptTokens: 0, completionTokens: 0 },
      });

    await eventually(() => expect(env.translated).toHaveLength(corpus.length));
    // Each job holds its one event until the relay publishes it; with every outbox drained, no further
    // event can come (the restart stored none: its ids already existed).
    await eventually(async () =>
      expect(await env.jobs()).toEqual(
        expect.not.arrayContaining([expect.objectContaining({ _outbox: [expect.anything()] })]),
      ),
    );
    expect(env.translated).toHaveLength(corpus.length);
    expect(new Set(env.translated.map((p) => p.articleId)).size).toBe(corpus.length);
    for (const payload of env.translated)
      expect(payload).toMatchObject({ sample: true, translationStatus: 'translated', model: null });
  });

  it('with DEMO_CORPUS=false (the default outside embedded mode) seeds nothing', async () => {
    // Start waits for the seeder's decision; with no job written there is no outbox entry to relay.
    await env.start('false');
    expect(await env.jobs()).toEqual([]);
    expect(env.translated).toEqual([]);
  });
});
