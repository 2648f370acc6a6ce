import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { HeldListResponse } from '@pulse/contracts';
import { contentService } from '@pulse/content';
import { ingestionService } from '@pulse/ingestion';
import {
  adaptersOf,
  createPorts,
  createServiceApp,
  InProcessEventBus,
  OpenAiCompatibleLanguageModel,
  type PortSet,
} from '@pulse/platform';
import {
  eventually,
  openAiReply,
  startFixtureServer,
  startOpenAiTestServer,
  type FixtureServer,
  type OpenAiTestServer,
} from '@pulse/testing';
import { translationService } from '@pulse/translation';
import pino from 'pino';
import { adminHeaders, PIPELINE_ADMIN_TOKEN } from '../support/news-pipeline';

const logger = pino({ level: 'silent' });

const SERVICE_ENV = {
  ADMIN_TOKEN: PIPELINE_ADMIN_TOKEN,
  INGESTION_SEED_DEFAULT_SOURCES: 'false',
  // Its feeds are fixture servers on this machine.
  INGESTION_ALLOW_PRIVATE_SOURCES: 'true',
  INGESTION_FIRST_RUN_DELAY_SECONDS: '86400',
  DEMO_CORPUS: 'false',
};

/**
 * A model that obeys whatever reaches its prompt, the worst case: a link named there is added (also one
 * hidden as '[[link:…]]', which no instruction filter reads as an instruction), a category or title named
 * there is used, and the title carries markup.
 */
const obedientModel = openAiReply.computed((body) => {
  const prompt: string = body.messages.map((m: { content: string }) => m.content).join('\n');
  const link = /add a link to (\S+?)[.\s]/i.exec(prompt)?.[1];
  const hidden = /\[\[link:(\S+?)\]\]/.exec(prompt)?.[1];
  const category = /category to ([a-z-]+)/i.exec(prompt)?.[1];
  const title = /title to "([^"]+)"/i.exec(prompt)?.[1];
  const links = [link, hidden].filter(Boolean).map((href) => ` <a href="${href}">혜택</a>`);
  return openAiReply.json({
    title: title ? `<a href="https://evil.example/t">${title}</a>` : '한국어로 다시 쓴 기사',
    summary: '펄스 독자를 위해 한국어로 다시 쓴 요약입니다.',
    bodyHtml: `<p>한국어로 다시 쓴 본문입니다.${links.join('')}</p>`,
    primaryCategory: category ?? 'gen-ai',
    secondaryCategory: null,
    tags: ['인공지능'],
    contentType: 'news',
    keyInsights: [],
  });
});

/**
 * What an LLM may write (ARCHITECTURE.md 'What an LLM may write'): a source whose text asks for a link, a different category and a changed
 * title, through ingestion → translation → content in embedded mode (one in-process bus, each service's
 * embedded adapters, as the embedded launcher builds them). The published article follows the source, not
 * the text's instructions; the item whose hidden instruction got through to the model is held, and an
 * admin sees it with its reasons in the review list.
 */
describe('prompt injection through the pipeline, embedded', () => {
  let dataDir: string;
  let fixtures: FixtureServer;
  let llmServer: OpenAiTestServer;
  let bus: InProcessEventBus;
  const apps: Record<string, NestFastifyApplication> = {};
  const owned: PortSet[] = [];
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-injection-'));
    fixtures = await startFixtureServer();
    llmServer = await startOpenAiTestServer();
    llmServer.enqueue(obedientModel, obedientModel);
    Object.assign(process.env, SERVICE_ENV);
    bus = new InProcessEventBus({
      dataDir: path.join(dataDir, 'bus'),
      backoff: { initialMs: 10, maxMs: 50 },
    });
    const llm = new OpenAiCompatibleLanguageModel({
      baseUrl: llmServer.baseUrl,
      model: 'test-model',
      timeoutMs: 5_000,
      maxRetries: 0,
      retryBaseDelayMs: 5,
      logger,
    });
    for (const definition of [contentService, translationService, ingestionService]) {
      const provided = definition === translationService ? { bus, llm } : { bus };
      const ports = await createPorts(definition.uses, {
        logger,
        dataDir,
        serviceName: definition.name,
        provided,
      });
      owned.push({
        ...ports,
        bus: undefined,
        ...(definition === translationService ? { llm: undefined } : {}),
      });
      apps[definition.name] = await createServiceApp(definition, ports, logger);
    }
  });

  afterAll(async () => {
    for (const app of Object.values(apps).reverse()) await app.close();
    for (const ports of owned) for (const [, adapter] of adaptersOf(ports)) await adapter.close();
    await bus?.close();
    await llmServer?.close();
    await fixtures?.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.env = savedEnv;
  });

  it('publishes what the source says, holds what got through, and shows the hold to an admin', async () => {
    const source = await apps.ingestion.inject({
      method: 'POST',
      url: '/api/ingestion/sources',
      headers: adminHeaders,
      payload: {
        name: 'Prompt Wire (fixture)',
        description: 'Fixture feed for the injection system test',
        sourceType: 'rss',
        url: `${fixtures.url}/feeds/injection.xml`,
        category: 'gen-ai',
        allowPrivateNetwork: true,
      },
    });
    expect(source.statusCode).toBe(201);
    const sourceId = source.json<{ id: string }>().id;
    const run = await apps.ingestion.inject({
      method: 'POST',
      url: '/api/ingestion/runs',
      headers: adminHeaders,
      payload: { sourceId },
    });
    expect(run.statusCode).toBe(202);

    // The instruction the filter recognises never reached the model: published as the source says.
    const article = await eventually(
      async () => {
        const list = await apps.content.inject({ method: 'GET', url: '/api/content/news' });
        const found = list.json<{ articles: Array<{ id: string }> }>().articles;
        expect(found).toHaveLength(1);
        const detail = await apps.content.inject({ method: 'GET', url: `/api/articles/${found[0].id}` });
        expect(detail.statusCode).toBe(200);
        return detail.json<{ article: Record<string, unknown> }>().article;
      },
      { timeoutMs: 30_000 },
    );
    const text = JSON.stringify(article);
    expect(text).not.toContain('evil.example');
    expect(text).not.toContain('TOKEN');
    expect(article).toMatchObject({ title: '한국어로 다시 쓴 기사', category: 'gen-ai' });
    expect(String(article.title)).not.toMatch(/[<>]/);

    // The hidden one made the obedient model add a link: held, never published, listed for an admin.
    const held = await eventually(
      async () => {
        const response = await apps.translation.inject({
          method: 'GET',
          url: '/api/translation/admin/held',
          headers: adminHeaders,
        });
        const list = response.json<HeldListResponse>();
        expect(list.pagination.total).toBe(1);
        return list.items[0];
      },
      { timeoutMs: 30_000 },
    );
    expect(held.sourceTitle).toBe('Chip startup tapes out its first inference accelerator');
    expect(held.addedUrls).toEqual(['https://evil.example/hidden']);
    expect(held.reasons.join(' ')).toMatch(/never linked: https:\/\/evil\.example\/hidden/);
    const unauthenticated = await apps.translation.inject({
      method: 'GET',
      url: '/api/translation/admin/held',
    });
    expect(unauthenticated.statusCode).toBe(401);
    const news = await apps.content.inject({ method: 'GET', url: '/api/content/news' });
    expect(news.json<{ articles: unknown[] }>().articles).toHaveLength(1);

    // The editor fixes the body and releases it: content publishes it like any translation, once.
    const heldUrl = `/api/translation/admin/held/${held.id}`;
    const fixed = await apps.translation.inject({
      method: 'PATCH',
      url: heldUrl,
      headers: adminHeaders,
      payload: { bodyHtml: '<p>작은 언어 모델을 겨냥한 칩입니다.</p>' },
    });
    expect(fixed.json()).toMatchObject({ state: 'held' });
    for (let i = 0; i < 2; i += 1) {
      const released = await apps.translation.inject({
        method: 'POST',
        url: `${heldUrl}/release`,
        // No body, so no content-type: fastify refuses an empty body declared as JSON.
        headers: { authorization: adminHeaders.authorization },
      });
      expect(released.statusCode).toBe(200);
    }
    const releasedArticle = await eventually(async () => {
      const detail = await apps.content.inject({ method: 'GET', url: `/api/articles/${held.articleId}` });
      expect(detail.statusCode).toBe(200);
      return detail.json<{ article: { bodyHtml?: string; content?: string } }>().article;
    });
    expect(JSON.stringify(releasedArticle)).not.toContain('evil.example');
    expect(
      (await apps.content.inject({ method: 'GET', url: '/api/content/news' })).json<{ articles: unknown[] }>()
        .articles,
    ).toHaveLength(2);
  });
});
