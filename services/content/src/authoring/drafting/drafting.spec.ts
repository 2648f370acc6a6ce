import type { AdminInsight, AdminTechAnalysis, OffsetPageResponse } from '@pulse/contracts';
import { OpenAiCompatibleLanguageModel } from '@pulse/platform';
import { openAiReply, startOpenAiTestServer, type OpenAiTestServer } from '@pulse/testing';
import pino from 'pino';
import { adminRequest } from '../../../testing/tech-analysis/analysis-fixtures';
import {
  startContentTestApp,
  testClock,
  translatedArticle,
  type ContentTestApp,
} from '../../../testing/content-test-app';
import type { AnalysisDraft } from './analysis-draft';
import type { InsightDraft } from './insight-draft';

const HOUR = 3_600_000;
const clock = testClock(Date.parse('2026-03-10T03:00:00.000Z'));
const hoursAgo = (hours: number) => new Date(clock.now() - hours * HOUR).toISOString();
const LLM_OFF =
  'LLM이 설정되지 않아 초안을 만들 수 없습니다 — no LLM is configured (LLM_BASE_URL, LLM_MODEL), so no draft can be made.';

const insightDraft = (overrides: Partial<InsightDraft> = {}): InsightDraft => ({
  title: 'HBM 공급이 AI 경쟁을 가른다',
  summary: '엔비디아 실적과 메모리 공급 소식을 묶어 본다.',
  bodyHtml: '<p>원문(<a href="https://news.example.com/story">기사</a>)에 따르면 공급이 빠듯하다.</p>',
  keyInsights: ['메모리가 병목', '공급망이 협상력'],
  relatedIndustries: ['반도체'],
  tags: ['HBM', '엔비디아'],
  ...overrides,
});

const analysisDraft = (overrides: Partial<AnalysisDraft> = {}): AnalysisDraft => ({
  title: 'Deno 2 입문',
  executiveSummary: 'Deno의 보안 모델과 npm 호환을 정리한다.',
  seoKeywords: ['Deno', 'TypeScript', '런타임'],
  difficultyLevel: 'beginner',
  technologyCategory: 'devops',
  introduction: '<p>Deno는 자바스크립트 런타임이다.</p>',
  coreConceptsExplanation: '<p>권한 플래그</p>',
  prosAndCons: { pros: ['기본 보안'], cons: ['생태계'] },
  useCases: ['CLI 도구'],
  comparisonWithAlternatives: '<p>Node.js와 비교</p>',
  gettingStarted: '<p>설치</p>',
  tutorialContent: '<p>deno run</p>',
  bestPractices: ['권한 최소화'],
  commonPitfalls: ['--allow-all 남용'],
  futureOutlook: '<p>전망</p>',
  conclusion: '<p>결론</p>',
  codeExamples: [
    { title: '실행', language: 'bash', code: 'deno run --allow-net main.ts', description: '', order: 1 },
  ],
  externalResources: [
    { title: 'Deno 문서', url: 'https://docs.deno.com/', description: '', type: 'documentation' },
  ],
  ...overrides,
});

describe('drafting with the LLM', () => {
  describe('with no LLM configured', () => {
    let content: ContentTestApp;
    beforeAll(async () => {
      content = await startContentTestApp({ clock });
      await content.translated(translatedArticle({ articleId: 'story-off', translatedAt: hoursAgo(1) }));
    });
    afterAll(() => content.close());

    it('answers 503 saying so, and stores nothing', async () => {
      for (const [url, body] of [
        ['/api/content/admin/drafts/insight', { articleId: 'story-off' }],
        ['/api/content/admin/drafts/analysis', { technologyName: 'Deno' }],
      ] as const) {
        expect(await adminRequest(content, 'POST', url, body)).toEqual({
          status: 503,
          body: { statusCode: 503, error: 'Service Unavailable', message: LLM_OFF },
        });
      }
      expect(await content.store.collection('tech_analyses').countDocuments({})).toBe(0);
      expect(await content.store.collection('articles').countDocuments({ state: 'draft' })).toBe(0);
    });
  });

  describe('with an OpenAI-compatible LLM', () => {
    let server: OpenAiTestServer;
    let content: ContentTestApp;

    beforeAll(async () => {
      server = await startOpenAiTestServer();
      const llm = new OpenAiCompatibleLanguageModel({
        baseUrl: server.baseUrl,
        model: 'test-model',
        timeoutMs: 5_000,
        maxRetries: 0,
        logger: pino({ level: 'silent' }),
      });
      content = await startContentTestApp({ clock, llm });
      const source = (id: string) => ({
        sourceId: 'example',
        sourceName: 'Example News',
        url: `https://news.example.com/${id}`,
        canonicalUrl: `https://news.example.com/${id}`,
        title: `Original ${id}`,
        author: null,
        publishedAt: hoursAgo(3),
      });
      await content.translated(
        translatedArticle({
          articleId: 'story',
          title: '엔비디아, HBM 확보 경쟁',
          tags: ['엔비디아', 'HBM'],
          bodyHtml: '<p>자세한 내용은 <a href="https://news.example.com/story">원문</a>.</p>',
          sources: [source('story')],
          translatedAt: hoursAgo(2),
        }),
      );
      await content.translated(
        translatedArticle({
          articleId: 'recent',
          title: 'HBM 가격 상승',
          tags: ['HBM'],
          sources: [source('recent')],
          translatedAt: hoursAgo(10),
        }),
      );
      await content.translated(
        translatedArticle({
          articleId: 'old',
          title: '오래된 HBM 기사',
          tags: ['HBM'],
          translatedAt: hoursAgo(100),
        }),
      );
      await content.translated(
        translatedArticle({
          articleId: 'unrelated',
          title: '비트코인 반등',
          tags: ['비트코인'],
          translatedAt: hoursAgo(1),
        }),
      );
    }, 30_000);

    afterEach(() => server.reset());
    afterAll(async () => {
      await content.close();
      await server.close();
    });

    const draftInsight = () =>
      adminRequest<AdminInsight>(content, 'POST', '/api/content/admin/drafts/insight', {
        articleId: 'story',
      });

    it('drafts an insight from the story and the articles sharing its tags in the last 72 hours', async () => {
      server.enqueue(openAiReply.json(insightDraft()));
      const response = await draftInsight();
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        type: 'insight',
        state: 'draft',
        title: 'HBM 공급이 AI 경쟁을 가른다',
        primaryCategory: 'gen-ai',
        insightMeta: { keyInsights: ['메모리가 병목', '공급망이 협상력'], relatedIndustries: ['반도체'] },
        originalSources: [
          expect.objectContaining({ sourceUrl: 'https://news.example.com/story' }),
          expect.objectContaining({ sourceUrl: 'https://news.example.com/recent' }),
        ],
      });
      // The link from the source survives (sanitised with rel); it was in the source, so it is allowed.
      expect(response.body.content).toContain('href="https://news.example.com/story"');

      expect(server.requests).toHaveLength(1);
      const request = server.requests[0].body;
      expect(request.response_format.type).toBe('json_schema');
      const prompt = JSON.stringify(request.messages);
      expect(prompt).toContain('엔비디아, HBM 확보 경쟁');
      expect(prompt).toContain('HBM 가격 상승');
      expect(prompt).not.toContain('오래된 HBM 기사');
      expect(prompt).not.toContain('비트코인 반등');

      // A draft is never published by drafting.
      const list = await content.get<OffsetPageResponse>('/api/content/insights?limit=50');
      expect(list.body.articles.map((a) => a.id)).not.toContain(response.body.id);
    });

    it('sends a draft that adds a URL absent from the source back for correction', async () => {
      server.enqueue(
        openAiReply.json(
          insightDraft({ bodyHtml: '<p>자세히는 <a href="https://evil.example/phish">여기</a></p>' }),
        ),
        openAiReply.json(insightDraft()),
      );
      const response = await draftInsight();
      expect(response.status).toBe(201);
      expect(response.body.content).not.toContain('evil.example');
      expect(server.requests).toHaveLength(2);
      expect(JSON.stringify(server.requests[1].body.messages)).toContain('https://evil.example/phish');
    });

    it('stores nothing and answers 502 when every attempt fails validation', async () => {
      const before = await content.store.collection('articles').countDocuments({ state: 'draft' });
      server.enqueue(
        openAiReply.json({ title: 'no body' }),
        openAiReply.malformedJson(),
        openAiReply.json(insightDraft({ keyInsights: ['하나'] })),
      );
      const response = await draftInsight();
      expect(response.status).toBe(502);
      expect(response.body).toMatchObject({
        error: 'Bad Gateway',
        message: expect.stringContaining('keyInsights'),
      });
      expect(server.requests).toHaveLength(3);
      expect(await content.store.collection('articles').countDocuments({ state: 'draft' })).toBe(before);
    });

    it('answers 503 when the LLM cannot be used, and 404 for an unknown story', async () => {
      server.enqueue(openAiReply.status(401));
      const unavailable = await draftInsight();
      expect(unavailable.status).toBe(503);
      expect(unavailable.body).toMatchObject({
        message: expect.stringContaining('the LLM could not be reached'),
      });
      const unknown = await adminRequest(content, 'POST', '/api/content/admin/drafts/insight', {
        articleId: 'nope',
      });
      expect(unknown).toMatchObject({ status: 404, body: { message: 'Article not found' } });
      expect(server.requests).toHaveLength(1);
    });

    it("drafts a tech analysis under the editor's name and category, unrated, with a free slug", async () => {
      server.enqueue(openAiReply.json(analysisDraft()), openAiReply.json(analysisDraft()));
      const first = await adminRequest<AdminTechAnalysis>(
        content,
        'POST',
        '/api/content/admin/drafts/analysis',
        {
          technologyName: 'Deno 2',
          technologyCategory: 'web_framework',
        },
      );
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        slug: 'deno-2',
        state: 'draft',
        technologyName: 'Deno 2',
        technologyCategory: 'web_framework',
        qualityScore: 0,
        origin: 'llm',
        model: 'test-model',
        codeExamples: [
          { id: 'code-1', title: '실행', language: 'bash', code: 'deno run --allow-net main.ts', order: 1 },
        ],
        externalResources: [
          { id: 'resource-1', title: 'Deno 문서', url: 'https://docs.deno.com/', type: 'documentation' },
        ],
      });
      expect(JSON.stringify(server.requests[0].body.messages)).toContain('Deno 2');
      const second = await adminRequest<AdminTechAnalysis>(
        content,
        'POST',
        '/api/content/admin/drafts/analysis',
        {
          technologyName: 'Deno 2',
        },
      );
      // Without a category from the editor, the model's is kept.
      expect(second.body).toMatchObject({ slug: 'deno-2-2', technologyCategory: 'devops' });
      expect((await content.get('/api/tech-analysis/deno-2')).status).toBe(404);
    });

    it('rejects an analysis whose resource URL is not http(s), after correction attempts', async () => {
      const bad = analysisDraft({
        externalResources: [{ title: 'x', url: 'javascript:alert(1)', description: '', type: 'other' }],
      });
      server.enqueue(openAiReply.json(bad), openAiReply.json(bad), openAiReply.json(bad));
      const response = await adminRequest(content, 'POST', '/api/content/admin/drafts/analysis', {
        technologyName: 'Bad Tech',
      });
      expect(response).toMatchObject({
        status: 502,
        body: { message: expect.stringContaining('externalResources') },
      });
    });
  });
});
