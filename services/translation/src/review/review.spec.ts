import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  STAFF_ACTION_RECORDED_TOPIC,
  TOPICS,
  type ArticleCollectedPayload,
  type ArticleTranslatedPayload,
  type EventEnvelope,
  type HeldItemDetail,
  type HeldListResponse,
  type StaffActionRecordedPayload,
} from '@pulse/contracts';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  InProcessEventBus,
  OpenAiCompatibleLanguageModel,
  publishEvent,
} from '@pulse/platform';
import {
  eventually,
  openAiReply,
  startOpenAiTestServer,
  type OpenAiTestServer,
  type ScriptedReply,
} from '@pulse/testing';
import pino from 'pino';
import type { TranslationRecord } from '../translation.record';
import { translationService } from '../translation.service-definition';

/**
 * The review API of held translations over HTTP, with the service as it runs (embedded store, in-process
 * bus, an OpenAI-compatible test server as the model), including what a hostile or careless caller sends.
 */
const logger = pino({ level: 'silent' });
const TOKEN = 'review-admin-token-0123456789';
const ADMIN = { authorization: `Bearer ${TOKEN}` };

const collected = (clusterId: string, collectedAt = '2026-01-05T10:00:00.000Z'): ArticleCollectedPayload => ({
  clusterId,
  sources: [
    {
      sourceId: 'src-1',
      sourceName: 'Example News',
      url: `https://example.com/${clusterId}`,
      canonicalUrl: `https://example.com/${clusterId}`,
      title: 'OpenAI releases a new reasoning model',
      author: null,
      publishedAt: '2026-01-05T09:00:00.000Z',
    },
  ],
  title: 'OpenAI releases a <b>new</b> reasoning model',
  summary: 'The ChatGPT maker says the model is better at maths. See https://evil.example/x for more.',
  bodyHtml: '<p>OpenAI released a model. <a href="https://example.com/paper">Paper</a>.</p>',
  imageUrl: null,
  youtubeVideoIds: [],
  language: 'en',
  collectedAt,
});

const output = (overrides: Record<string, unknown> = {}) => ({
  title: '오픈AI, 새 추론 모델 공개',
  summary: '오픈AI가 수학에 강한 새 추론 모델을 공개했다.',
  bodyHtml: '<p>오픈AI가 새 모델을 공개했다. <a href="https://evil.example/x">자세히</a></p>',
  primaryCategory: 'gen-ai',
  secondaryCategory: null,
  tags: ['오픈AI'],
  contentType: 'news',
  keyInsights: [],
  ...overrides,
});

describe('review of held translations', () => {
  let server: OpenAiTestServer;
  let app: NestFastifyApplication;
  let bus: InProcessEventBus;
  let store: EmbeddedDocumentStore;
  let dataDir: string;
  const translated: ArticleTranslatedPayload[] = [];
  // What the newsroom service hears: each staff action with its before and after.
  const audited: StaffActionRecordedPayload[] = [];
  const HELD = '/api/translation/admin/held/:id';
  /** The recorded changes of one route on one job, in the order they were made (null: none). */
  const changesOf = (action: string, id: string) =>
    audited
      .filter((entry) => entry.target?.id === id && entry.action === action)
      .map((entry) => entry.change ?? null);
  const savedToken = process.env.ADMIN_TOKEN;

  const request = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers = ADMIN) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const job = (id: string) => store.collection<TranslationRecord>('translations').findOne({ _id: id });

  /** Collects a cluster whose (obedient) model output adds a foreign link, and waits until it is held. */
  async function hold(id: string, ...replies: ScriptedReply[]): Promise<void> {
    server.enqueue(...(replies.length ? replies : [openAiReply.json(output())]));
    await publishEvent(bus, TOPICS.articleCollected, collected(id), { source: 'ingestion' });
    await eventually(async () => expect((await job(id))?.status).toBe('held'));
  }

  beforeAll(async () => {
    process.env.ADMIN_TOKEN = TOKEN;
    server = await startOpenAiTestServer();
    const llm = new OpenAiCompatibleLanguageModel({
      baseUrl: server.baseUrl,
      model: 'test-model',
      timeoutMs: 5_000,
      maxRetries: 0,
      retryBaseDelayMs: 5,
      logger,
    });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-review-'));
    bus = new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
    store = await EmbeddedDocumentStore.open({ dataDir });
    app = await createServiceApp(translationService, { bus, store, llm }, logger);
    await bus.subscribe({
      topic: TOPICS.articleTranslated,
      group: 'content-under-test',
      handler: (event) => void translated.push((event as EventEnvelope<ArticleTranslatedPayload>).payload),
    });
    await bus.subscribe({
      topic: STAFF_ACTION_RECORDED_TOPIC,
      group: 'newsroom-under-test',
      handler: (event) => void audited.push((event as EventEnvelope<StaffActionRecordedPayload>).payload),
    });
    await hold('held-a');
    await hold('held-b');
    // Held because the model never gave a valid output: nothing to release until an editor writes one.
    const malformed = openAiReply.malformedJson();
    await hold('held-empty', malformed, malformed, malformed);
  }, 30_000);

  afterAll(async () => {
    await app.close();
    await bus.close();
    await store.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (savedToken === undefined) delete process.env.ADMIN_TOKEN;
    else process.env.ADMIN_TOKEN = savedToken;
  });

  it('answers 401 without the credential and 403 with a wrong one, on every route', async () => {
    const routes: Array<['GET' | 'POST' | 'PATCH', string, unknown?]> = [
      ['GET', '/api/translation/admin/held'],
      ['GET', '/api/translation/admin/held/held-a'],
      ['PATCH', '/api/translation/admin/held/held-a', { title: '제목' }],
      ['POST', '/api/translation/admin/held/held-a/release'],
      ['POST', '/api/translation/admin/held/held-a/reject', { reason: '광고' }],
    ];
    for (const [method, url, body] of routes) {
      expect((await request(method, url, body, {} as typeof ADMIN)).statusCode).toBe(401);
      expect(
        (await request(method, url, body, { authorization: 'Bearer wrong-token-0123456789' })).statusCode,
      ).toBe(403);
    }
    expect((await job('held-a'))?.status).toBe('held');
  });

  it('lists held items oldest first with their reasons, paged and counted', async () => {
    const page = (await request('GET', '/api/translation/admin/held?limit=2')).json<HeldListResponse>();
    expect(page.pagination).toEqual({ page: 1, totalPages: 2, total: 3 });
    expect(page.items.map((item) => item.id)).toEqual(['held-a', 'held-b']);
    expect(page.items[0]).toMatchObject({
      state: 'held',
      title: '오픈AI, 새 추론 모델 공개',
      sourceTitle: 'OpenAI releases a new reasoning model',
      sourceName: 'Example News',
      hasOutput: true,
      addedUrls: ['https://evil.example/x'],
    });
    expect(page.items[0].reasons.join(' ')).toContain('https://evil.example/x');
    const second = (
      await request('GET', '/api/translation/admin/held?limit=2&page=2')
    ).json<HeldListResponse>();
    expect(second.items.map((item) => item.id)).toEqual(['held-empty']);
    expect(second.items[0]).toMatchObject({
      hasOutput: false,
      title: 'OpenAI releases a new reasoning model',
    });
  });

  it('refuses bad list parameters and ids with a 400 naming the field, unknown ids with a 404', async () => {
    const cases: Array<[string, string]> = [
      ['/api/translation/admin/held?limit=0', 'limit'],
      ['/api/translation/admin/held?page=x', 'page'],
      ['/api/translation/admin/held?state=published', 'state'],
      ['/api/translation/admin/held?sort=new', 'sort'],
      ['/api/translation/admin/held/%24where', 'id'],
    ];
    for (const [url, field] of cases) {
      const response = await request('GET', url);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    }
    for (const [method, url] of [
      ['GET', '/api/translation/admin/held/no-such-job'],
      ['POST', '/api/translation/admin/held/no-such-job/release'],
    ] as const) {
      expect((await request(method, url)).statusCode).toBe(404);
    }
    expect(
      (await request('POST', '/api/translation/admin/held/no-such-job/reject', { reason: '중복' }))
        .statusCode,
    ).toBe(404);
  });

  it('shows the source beside the output, the source sanitised and its title as plain text', async () => {
    const detail = (await request('GET', '/api/translation/admin/held/held-a')).json<HeldItemDetail>();
    expect(detail.source.title).toBe('OpenAI releases a new reasoning model');
    expect(detail.source.bodyHtml).toContain('https://example.com/paper');
    expect(detail.output?.bodyHtml).toContain('https://evil.example/x');
    expect(detail.decision).toBeNull();
    expect(detail.model).toBe('test-model');
  });

  it('refuses to release an output that links where the source never linked (400, nothing published)', async () => {
    const response = await request('POST', '/api/translation/admin/held/held-a/release');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^bodyHtml: links to addresses the source never linked/);
    expect((await job('held-a'))?.status).toBe('held');
    expect(translated.filter((event) => event.clusterId === 'held-a')).toEqual([]);
  });

  it('refuses an edit that breaks the rule with a 400 naming the field, and keeps the output', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ title: '<a href="https://evil.example/x">제목</a>' }, /^title: must be plain text/],
      [{ title: '오픈AI evil.example/x 참고' }, /^title: must be plain text/],
      [{ summary: '요약 https://example.com/paper' }, /^summary: must be plain text/],
      [{ tags: ['<b>태그</b>'] }, /^tags: must be plain text/],
      [{ bodyHtml: '<p><img src="https://tracker.example/p.gif"></p>' }, /^bodyHtml: links to addresses/],
      // Written in the source's text (its summary), but never linked by it: not a link target.
      [{ bodyHtml: '<p><a href="https://evil.example/x">여기</a></p>' }, /^bodyHtml: links to addresses/],
      [{ bodyHtml: '<p>https://other.example/y 참고</p>' }, /^bodyHtml: adds URLs absent/],
      [{ title: '' }, /^title: /],
      [{ primaryCategory: 'sports' }, /^primaryCategory: /],
      [{ secondaryCategory: 'gen-ai' }, /^secondaryCategory: must differ/],
      [{ contentType: 'insight' }, /^keyInsights: /],
      [{ tags: 'AI' }, /^tags: /],
      [{ published: true }, /unknown parameter\(s\): published/],
      [{ bodyHtml: 'x'.repeat(200_001) }, /^bodyHtml: /],
    ];
    const before = (await job('held-b'))?.output;
    for (const [body, message] of cases) {
      const response = await request('PATCH', '/api/translation/admin/held/held-b', body);
      expect({ body: Object.keys(body), status: response.statusCode }).toEqual({
        body: Object.keys(body),
        status: 400,
      });
      expect(response.json().message).toMatch(message);
    }
    const broken = await app.inject({
      method: 'PATCH',
      url: '/api/translation/admin/held/held-b',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(broken.statusCode).toBe(400);
    expect((await job('held-b'))?.output).toEqual(before);
  });

  it('edits, releases through article.translated exactly once, and answers a second release the same', async () => {
    const edited = await request('PATCH', '/api/translation/admin/held/held-b', {
      bodyHtml:
        '<p>오픈AI가 새 모델을 공개했다. <a href="https://example.com/paper">논문</a></p><script>x()</script>',
      tags: ['오픈AI', '추론 모델'],
    });
    expect(edited.statusCode).toBe(200);
    const detail = edited.json<HeldItemDetail>();
    expect(detail.state).toBe('held');
    expect(detail.editedAt).not.toBeNull();
    expect(detail.output?.bodyHtml).not.toContain('<script');

    const released = await request('POST', '/api/translation/admin/held/held-b/release');
    expect(released.statusCode).toBe(200);
    expect(released.json<HeldItemDetail>()).toMatchObject({
      state: 'released',
      decision: { state: 'released' },
    });
    await eventually(() =>
      expect(translated.filter((event) => event.clusterId === 'held-b')).toHaveLength(1),
    );
    const [event] = translated.filter((e) => e.clusterId === 'held-b');
    expect(event).toMatchObject({
      articleId: 'held-b',
      translationStatus: 'translated',
      title: '오픈AI, 새 추론 모델 공개',
      tags: ['오픈AI', '추론 모델'],
      model: 'test-model',
    });
    expect(event.bodyHtml).toContain('https://example.com/paper');
    expect(event.bodyHtml).not.toContain('evil.example');

    const again = await request('POST', '/api/translation/admin/held/held-b/release');
    expect(again.statusCode).toBe(200);
    expect(again.json<HeldItemDetail>().state).toBe('released');
    // Released: no longer listed as held, no longer editable, never rejected afterwards.
    expect(
      (await request('PATCH', '/api/translation/admin/held/held-b', { title: '다른 제목' })).statusCode,
    ).toBe(409);
    expect(
      (await request('POST', '/api/translation/admin/held/held-b/reject', { reason: '늦게' })).statusCode,
    ).toBe(409);
    const released2 = (
      await request('GET', '/api/translation/admin/held?state=released')
    ).json<HeldListResponse>();
    expect(released2.items.map((item) => item.id)).toEqual(['held-b']);
    // Given time to arrive, a second event would be here by now.
    await eventually(async () => expect((await job('held-b')) as unknown).not.toHaveProperty('_outbox.0'));
    expect(translated.filter((e) => e.clusterId === 'held-b')).toHaveLength(1);
    // The audit log has the edited fields before and after, and the release once as a change of state.
    // Only the edit that went through moved anything; the refused ones (400, 409) record no change.
    const edits = () => changesOf(`PATCH ${HELD}`, 'held-b').filter((change) => change !== null);
    const [edit] = await eventually(() => {
      expect(edits()).toHaveLength(1);
      return edits();
    });
    expect(Object.keys(edit!.after as object)).toEqual(['bodyHtml', 'tags']);
    expect(edit).toMatchObject({
      before: { tags: ['오픈AI'], bodyHtml: expect.not.stringContaining('논문') },
      after: { tags: ['오픈AI', '추론 모델'], bodyHtml: expect.stringContaining('논문') },
    });
    await eventually(() => expect(changesOf(`POST ${HELD}/release`, 'held-b')).toHaveLength(2));
    expect(changesOf(`POST ${HELD}/release`, 'held-b')).toEqual([
      { before: { state: 'held' }, after: { state: 'released' } },
      null,
    ]);
  });

  it('rejects with a reason: kept, never published, and a second reject answers the same', async () => {
    expect((await request('POST', '/api/translation/admin/held/held-a/reject', {})).json().message).toMatch(
      /^reason: /,
    );
    const rejected = await request('POST', '/api/translation/admin/held/held-a/reject', {
      reason: '외부 링크 삽입 시도',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<HeldItemDetail>()).toMatchObject({
      state: 'rejected',
      decision: { state: 'rejected', reason: '외부 링크 삽입 시도' },
    });
    const again = await request('POST', '/api/translation/admin/held/held-a/reject', { reason: '다시' });
    expect(again.json<HeldItemDetail>().decision?.reason).toBe('외부 링크 삽입 시도');
    expect((await request('POST', '/api/translation/admin/held/held-a/release')).statusCode).toBe(409);
    expect((await job('held-a'))?.status).toBe('rejected');
    expect(translated.filter((event) => event.clusterId === 'held-a')).toEqual([]);
    const rejectedList = (
      await request('GET', '/api/translation/admin/held?state=rejected')
    ).json<HeldListResponse>();
    expect(rejectedList.items.map((item) => item.id)).toEqual(['held-a']);
    await eventually(() => expect(changesOf(`POST ${HELD}/reject`, 'held-a')).toHaveLength(3));
    // The refused body (400), the reject, the repeat that changed nothing.
    expect(changesOf(`POST ${HELD}/reject`, 'held-a')).toEqual([
      null,
      { before: { state: 'held' }, after: { state: 'rejected', reason: '외부 링크 삽입 시도' } },
      null,
    ]);
  });

  it('releases a job held without output only once an editor has written every field', async () => {
    expect((await request('POST', '/api/translation/admin/held/held-empty/release')).statusCode).toBe(409);
    const partial = await request('PATCH', '/api/translation/admin/held/held-empty', { title: '제목만' });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toMatch(/^summary: /);
    const full = output({ bodyHtml: '<p>편집자가 쓴 본문.</p>' });
    expect((await request('PATCH', '/api/translation/admin/held/held-empty', full)).statusCode).toBe(200);
    expect((await request('POST', '/api/translation/admin/held/held-empty/release')).statusCode).toBe(200);
    await eventually(() => expect(translated.filter((e) => e.clusterId === 'held-empty')).toHaveLength(1));
    expect(
      (await request('GET', '/api/translation/admin/held')).json<HeldListResponse>().pagination.total,
    ).toBe(0);
  });

  it('documents the routes it serves in its OpenAPI', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { operationId: string }>>;
    }>();
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/translation/admin/held',
      '/api/translation/admin/held/{id}',
      '/api/translation/admin/held/{id}/reject',
      '/api/translation/admin/held/{id}/release',
    ]);
    expect(document.paths['/api/translation/admin/held/{id}'].patch.operationId).toBe('editHeldTranslation');
  });
});
