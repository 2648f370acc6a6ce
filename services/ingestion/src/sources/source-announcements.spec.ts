import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOPICS, type EventEnvelope, type SourceUpdatedPayload } from '@pulse/contracts';
import {
  adminConfigSchema,
  createServiceApp,
  EmbeddedDocumentStore,
  InProcessEventBus,
  MemoryCacheStore,
  CLOCK,
  type DocumentStore,
} from '@pulse/platform';
import { eventually, TestClock } from '@pulse/testing';
import pino from 'pino';
import { IngestionModule } from '../ingestion.module';
import { FakeStages } from '../../testing/pipeline/fake-stages';
import {
  admin,
  ADMIN_TOKEN,
  sourceBody,
  startIngestionTestApp,
  type IngestionTestApp,
} from '../../testing/pipeline/ingestion-test-app';
import { INGESTION_CONFIG, ingestionConfigSchema } from '../schedule/ingestion.config';
import { PIPELINE_STAGES } from '../pipeline/stages';
import { DEFAULT_SOURCES } from './default-sources';
import type { SourceDocument } from './source.record';
import { SourcesService } from './sources.service';

type Announcement = EventEnvelope<SourceUpdatedPayload>;

async function collectAnnouncements(bus: InProcessEventBus): Promise<Announcement[]> {
  const seen: Announcement[] = [];
  await bus.subscribe({
    topic: TOPICS.sourceUpdated,
    group: 'content-test',
    handler: (event) => void seen.push(event as Announcement),
  });
  return seen;
}

/** Sources documents still holding unpublished events. */
const pendingIn = (store: DocumentStore) =>
  store.collection('sources').countDocuments({ '_outbox.0': { $exists: true } });

/** One ingestion process on `dataDir`: the store survives close(), as it does across a restart. */
async function startProcess(dataDir: string, seed: boolean) {
  const bus = new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
  const store = await EmbeddedDocumentStore.open({ dataDir });
  const seen = await collectAnnouncements(bus);
  process.env.ADMIN_TOKEN = ADMIN_TOKEN;
  const module = IngestionModule.withProviders([
    { provide: PIPELINE_STAGES, useValue: new FakeStages() },
    { provide: CLOCK, useValue: new TestClock('2026-03-02T09:00:00.000Z') },
    {
      provide: INGESTION_CONFIG,
      useValue: ingestionConfigSchema.parse({ INGESTION_SEED_DEFAULT_SOURCES: String(seed) }),
    },
  ]);
  const definition = {
    name: 'ingestion',
    module,
    uses: ['bus', 'store', 'cache'] as const,
    defaultPort: 0,
    httpPrefixes: [],
    config: { admin: adminConfigSchema },
  };
  const cache = new MemoryCacheStore();
  const app = await createServiceApp(definition, { bus, store, cache }, pino({ level: 'silent' }));
  return {
    app,
    store,
    seen,
    async close() {
      await app.close();
      await bus.close();
      await store.close();
      await cache.close();
    },
  };
}

describe('source.updated: seeding and restarts', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-ingestion-announce-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
    delete process.env.ADMIN_TOKEN;
  });

  it('announces each default source once when seeding, and nothing after a restart', async () => {
    const first = await startProcess(dataDir, true);
    await eventually(() => expect(first.seen).toHaveLength(DEFAULT_SOURCES.length));
    const openai = first.seen.find((event) => event.key === 'openai-news');
    expect(openai?.payload).toEqual({
      id: 'openai-news',
      name: 'OpenAI News',
      description: 'Research, product and company announcements from OpenAI.',
      sourceType: 'rss',
      url: 'https://openai.com/news/rss.xml',
      imageUrl: null,
      enabled: true,
      updatedAt: '2026-03-02T09:00:00.000Z',
    });
    expect(new Set(first.seen.map((event) => event.payload.id)).size).toBe(DEFAULT_SOURCES.length);
    await eventually(async () => expect(await pendingIn(first.store)).toBe(0));
    await first.close();

    const second = await startProcess(dataDir, true);
    try {
      // Start-up (seeding and announcing) has finished: anything it wanted to say would be stored by now.
      expect(await pendingIn(second.store)).toBe(0);
      expect(await second.app.get(SourcesService).announceUnannounced()).toBe(0);
      expect(second.seen).toHaveLength(0);
    } finally {
      await second.close();
    }
  });

  it('announces at start a source stored before the event existed, once', async () => {
    const seeding = await EmbeddedDocumentStore.open({ dataDir });
    const { id, ...dto } = DEFAULT_SOURCES[0];
    await seeding.collection<SourceDocument>('sources').insertOne({
      _id: id,
      ...dto,
      origin: 'default-list',
      paused: true,
      count: 3,
      consecutiveFailures: 0,
      lastRunAt: null,
      lastError: null,
      nextRunAt: null,
      etag: null,
      lastModified: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    await seeding.close();

    const started = await startProcess(dataDir, false);
    try {
      await eventually(() => expect(started.seen).toHaveLength(1));
      expect(started.seen[0].payload).toMatchObject({ id, enabled: false, name: dto.name });
      expect(await started.app.get(SourcesService).announceUnannounced()).toBe(0);
    } finally {
      await started.close();
    }
  });
});

describe('source.updated: admin changes', () => {
  let t: IngestionTestApp;
  let seen: Announcement[];
  beforeAll(async () => {
    t = await startIngestionTestApp();
    seen = await collectAnnouncements(t.bus);
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/ingestion/sources${url}`, payload, headers: admin });
  const eventsFor = (id: string) => seen.filter((event) => event.payload.id === id).map((e) => e.payload);

  it('announces creation, catalogue edits, pause, resume and removal, ordered by updatedAt', async () => {
    const created = await call('POST', '', sourceBody({ url: 'https://feeds.example/announce.xml' }));
    const { id } = created.json<{ id: string }>();
    await call('PATCH', `/${id}`, { name: 'Renamed AI', imageUrl: 'https://feeds.example/logo.png' });
    // Fetch options are not part of the catalogue: no event.
    await call('PATCH', `/${id}`, { intervalMinutes: 30 });
    // The same values again change nothing.
    await call('PATCH', `/${id}`, { name: 'Renamed AI' });
    await call('POST', `/${id}/pause`);
    await call('POST', `/${id}/resume`);
    expect((await call('DELETE', `/${id}`)).statusCode).toBe(204);

    await eventually(() => expect(eventsFor(id)).toHaveLength(5));
    // The removal travels in a document of its own, so arrival order is not guaranteed; updatedAt is
    // what content orders by, and it is unique and increasing even though the fake clock stands still.
    const events = eventsFor(id).sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
    expect(new Set(events.map((e) => e.updatedAt)).size).toBe(5);
    expect(events.map((e) => [e.name, e.imageUrl, e.enabled])).toEqual([
      ['Example AI', null, true],
      ['Renamed AI', 'https://feeds.example/logo.png', true],
      ['Renamed AI', 'https://feeds.example/logo.png', false],
      ['Renamed AI', 'https://feeds.example/logo.png', true],
      ['Renamed AI', 'https://feeds.example/logo.png', false],
    ]);
    expect(seen.every((event) => event.key === event.payload.id && event.source === 'ingestion')).toBe(true);
  });

  it('announces nothing for a rejected change', async () => {
    const before = seen.length;
    expect((await call('PATCH', '/missing-source', { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', '/missing-source')).statusCode).toBe(404);
    expect((await call('POST', '', sourceBody({ url: 'ftp://nope' }))).statusCode).toBe(400);
    expect(await pendingIn(t.store)).toBe(0);
    expect(await t.store.collection('source_removals').countDocuments({})).toBe(1);
    expect(seen).toHaveLength(before);
  });
});
