import { OpenAiCompatibleLanguageModel } from '@pulse/platform';
import { openAiReply, startOpenAiTestServer, type OpenAiTestServer } from '@pulse/testing';
import pino from 'pino';
import { startContentTestApp, type ContentTestApp } from '../../testing/content-test-app';
import { parseDraftArgs, runDraftCommand, UsageError } from './draft-command';
import type { AnalysisDraft } from './drafting/analysis-draft';

describe('draft command: arguments', () => {
  const url = 'http://127.0.0.1:3000';

  it('reads insight --cluster and analysis --technology [--category]', () => {
    expect(parseDraftArgs(['insight', '--cluster', 'a1'], url)).toEqual({
      kind: 'insight',
      url,
      body: { articleId: 'a1' },
    });
    expect(
      parseDraftArgs(['analysis', '--technology', 'Apache Kafka', '--category', 'data_engineering'], url),
    ).toEqual({
      kind: 'analysis',
      url,
      body: { technologyName: 'Apache Kafka', technologyCategory: 'data_engineering' },
    });
    expect(
      parseDraftArgs(['analysis', '--technology', 'X', '--url', 'http://127.0.0.1:3101/'], url).url,
    ).toBe('http://127.0.0.1:3101');
  });

  it.each([[[]], [['insight']], [['analysis']], [['poem']], [['insight', '--cluster', 'a', '--bogus']]])(
    'refuses %j with a usage error',
    (argv) => {
      expect(() => parseDraftArgs(argv, url)).toThrow(UsageError);
    },
  );
});

describe('draft command against the running service', () => {
  let server: OpenAiTestServer;
  let content: ContentTestApp;
  let baseUrl: string;
  const lines: string[] = [];
  const write = (line: string) => void lines.push(line);

  beforeAll(async () => {
    server = await startOpenAiTestServer();
    const llm = new OpenAiCompatibleLanguageModel({
      baseUrl: server.baseUrl,
      model: 'test-model',
      timeoutMs: 5_000,
      maxRetries: 0,
      logger: pino({ level: 'silent' }),
    });
    content = await startContentTestApp({ llm });
    await content.app.listen(0, '127.0.0.1');
    baseUrl = await content.app.getUrl();
    // A Nest app and a model server: seconds on a loaded machine, past Jest's 5 s default.
  }, 60_000);
  afterEach(() => {
    lines.length = 0;
    server.reset();
  });
  afterAll(async () => {
    await content.close();
    await server.close();
  });

  const env = () => ({ PULSE_URL: baseUrl, ADMIN_TOKEN: 'test-admin-token-0123456789' });

  it('asks the service for a draft and prints where to review and publish it', async () => {
    const draft: AnalysisDraft = {
      title: 'Bun 입문',
      executiveSummary: '요약',
      seoKeywords: ['Bun', 'JavaScript', '런타임'],
      difficultyLevel: 'beginner',
      technologyCategory: 'devops',
      introduction: '<p>소개</p>',
      coreConceptsExplanation: '<p>개념</p>',
      prosAndCons: { pros: ['빠름'], cons: ['신생'] },
      useCases: ['스크립트'],
      comparisonWithAlternatives: '<p>비교</p>',
      gettingStarted: '<p>시작</p>',
      tutorialContent: '<p>튜토리얼</p>',
      bestPractices: ['버전 고정'],
      commonPitfalls: ['호환성 가정'],
      futureOutlook: '<p>전망</p>',
      conclusion: '<p>결론</p>',
      codeExamples: [],
      externalResources: [],
    };
    server.enqueue(openAiReply.json(draft));
    const code = await runDraftCommand(['analysis', '--technology', 'Bun', '--category', 'web_framework'], {
      env: env(),
      write,
    });
    expect(code).toBe(0);
    const stored = await content.store
      .collection<{ _id: string; slug: string; state: string }>('tech_analyses')
      .findOne({ slug: 'bun' });
    expect(stored?.state).toBe('draft');
    expect(lines.join('\n')).toContain(
      `초안 저장됨 (draft stored, not published): ${stored?._id} — Bun 입문`,
    );
    expect(lines.join('\n')).toContain(`POST /api/content/admin/tech-analyses/${stored?._id}/publish`);
  });

  it("prints the service's error and exits 1", async () => {
    const code = await runDraftCommand(['insight', '--cluster', 'missing-article'], { env: env(), write });
    expect(code).toBe(1);
    expect(lines.at(-1)).toBe('failed (404): Article not found');
    const forbidden = await runDraftCommand(['insight', '--cluster', 'a'], {
      env: { ...env(), ADMIN_TOKEN: 'a-wrong-admin-token-value' },
      write,
    });
    expect(forbidden).toBe(1);
    expect(lines.at(-1)).toBe('failed (403): Invalid admin credential');
  });

  it('exits 2 with the usage without ADMIN_TOKEN or with bad arguments', async () => {
    expect(await runDraftCommand(['insight', '--cluster', 'a'], { env: { PULSE_URL: baseUrl }, write })).toBe(
      2,
    );
    expect(lines.join('\n')).toContain('ADMIN_TOKEN is not set');
    expect(await runDraftCommand(['analysis'], { env: env(), write })).toBe(2);
    expect(server.requests).toHaveLength(0);
  });
});
