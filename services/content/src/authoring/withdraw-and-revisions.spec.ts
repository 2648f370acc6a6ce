import type {
  AdminInsight,
  AdminTechAnalysis,
  AuthoringRevisionsResponse,
  DraftingCapability,
  EventEnvelope,
  OffsetPageResponse,
  SearchPageResponse,
  StaffActionRecordedPayload,
  TechAnalysisDetailResponse,
  TechAnalysisListResponse,
} from '@pulse/contracts';
import { STAFF_ACTION_RECORDED_TOPIC, TOPICS } from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import { EDITOR, MODERATOR, STAFF_ENV, staffRequest } from '../../testing/authoring/staff-requests';
import { adminRequest, analysisBody } from '../../testing/tech-analysis/analysis-fixtures';
import { startContentTestApp, testClock, type ContentTestApp } from '../../testing/content-test-app';
import { ARTICLE_WITHDRAWN } from '../articles/articles.service';
import { ANALYSIS_WITHDRAWN } from '../tech-analysis/tech-analysis.service';

const INSIGHTS = '/api/content/admin/insights';
const ANALYSES = '/api/content/admin/tech-analyses';
const clock = testClock(Date.parse('2026-04-01T03:00:00.000Z'));

const insightBody = (title: string) => ({
  title,
  summary: '편집진이 쓴 인사이트의 요약입니다.',
  content: '<p>본문입니다.</p>',
  primaryCategory: 'big-tech',
  tags: ['철회'],
  keyInsights: ['첫째 요점', '둘째 요점'],
});

describe('withdrawing insights and tech analyses, and the revisions of authored items', () => {
  let content: ContentTestApp;
  // What the newsroom service hears: each staff action with its before and after.
  let recorded: EventEnvelope[] = [];
  /** The changes recorded for one item's edits (PATCH), in the order they were made. */
  const editsOf = (id: string) =>
    recorded
      .map((event) => event.payload as StaffActionRecordedPayload)
      .filter((entry) => entry.target?.id === id && entry.method === 'PATCH')
      .map((entry) => entry.change ?? null);
  beforeAll(async () => {
    content = await startContentTestApp({ clock, env: STAFF_ENV });
    recorded = await content.collect(STAFF_ACTION_RECORDED_TOPIC, 'newsroom-test');
  });
  afterAll(() => content.close());

  const asEditor = <T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    staffRequest<T>(content, clock, EDITOR, method, url, payload);
  const asModerator = <T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    staffRequest<T>(content, clock, MODERATOR, method, url, payload);

  async function publishedInsight(title: string): Promise<AdminInsight> {
    const created = await asEditor<AdminInsight>('POST', INSIGHTS, insightBody(title));
    expect(created.status).toBe(201);
    clock.advance(1000);
    const published = await asEditor<AdminInsight>('POST', `${INSIGHTS}/${created.body.id}/publish`);
    expect(published.status).toBe(200);
    return published.body;
  }
  const listedIds = async () =>
    (await content.get<OffsetPageResponse>('/api/content/insights?limit=50')).body.articles.map((a) => a.id);
  const searchIds = async (q: string) =>
    (
      await content.get<{ articles: { id: string }[] }>(`/api/articles/search?q=${encodeURIComponent(q)}`)
    ).body.articles.map((a) => a.id);

  it('takes a published insight down with a reason: 410 to readers, gone from lists, feeds, sitemap, search and trending', async () => {
    const withdrawals = await content.collect(TOPICS.articleWithdrawn);
    const insight = await publishedInsight('철회될 양자 컴퓨팅 인사이트');
    expect(await listedIds()).toContain(insight.id);
    await eventually(async () => expect(await searchIds('양자 컴퓨팅')).toContain(insight.id));
    expect((await content.get('/rss.xml')).body).toContain(insight.id);
    expect((await content.get('/sitemap.xml')).body).toContain(insight.id);

    clock.advance(1000);
    const withdrawn = await asEditor<AdminInsight>('POST', `${INSIGHTS}/${insight.id}/withdraw`, {
      reason: '  사실관계 오류가 확인되었습니다  ',
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({
      state: 'withdrawn',
      withdrawal: {
        reason: '사실관계 오류가 확인되었습니다',
        by: EDITOR.name,
        at: new Date(clock.now()).toISOString(),
      },
    });

    const reader = await content.get<{ message: string }>(`/api/articles/${insight.id}`);
    expect(reader.status).toBe(410);
    expect(reader.body.message).toBe(ARTICLE_WITHDRAWN);
    expect(await listedIds()).not.toContain(insight.id);
    expect((await content.get('/rss.xml')).body).not.toContain(insight.id);
    expect((await content.get('/sitemap.xml')).body).not.toContain(insight.id);
    await eventually(async () => expect(await searchIds('양자 컴퓨팅')).not.toContain(insight.id));
    // Trending is told in the same write, once.
    await eventually(() =>
      expect(withdrawals.map((event) => event.payload)).toEqual([
        { id: insight.id, withdrawnAt: new Date(clock.now()).toISOString() },
      ]),
    );

    // The admin list still has it, under its own state.
    const admin = await asEditor<{ items: AdminInsight[] }>('GET', `${INSIGHTS}?state=withdrawn`);
    expect(admin.body.items.map((item) => item.id)).toEqual([insight.id]);
  });

  it('publishes a withdrawn insight again, clearing its withdrawal', async () => {
    const insight = await publishedInsight('다시 게시될 인사이트');
    clock.advance(1000);
    await asEditor('POST', `${INSIGHTS}/${insight.id}/withdraw`, { reason: '검토 후 다시 올립니다' });
    expect((await content.get(`/api/articles/${insight.id}`)).status).toBe(410);

    clock.advance(1000);
    const again = await asEditor<AdminInsight>('POST', `${INSIGHTS}/${insight.id}/publish`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ state: 'published', withdrawal: null });
    expect((await content.get(`/api/articles/${insight.id}`)).status).toBe(200);
    expect(await listedIds()).toContain(insight.id);
  });

  it.each([
    [{}, 'reason'],
    [{ reason: 'abc' }, 'reason must be 5 to 300 characters'],
    [{ reason: '가'.repeat(301) }, 'reason must be 5 to 300 characters'],
    [{ reason: '충분히 긴 사유입니다', extra: 1 }, 'extra'],
  ])('a withdrawal with %j is a 400 naming the field', async (body, message) => {
    const insight = await publishedInsight(`사유 검사 ${message}`);
    const answer = await asEditor<{ message: string }>('POST', `${INSIGHTS}/${insight.id}/withdraw`, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
    expect((await content.get(`/api/articles/${insight.id}`)).status).toBe(200);
  });

  it('withdraws only a published insight (409 for a draft) and answers 404 for an unknown one', async () => {
    const draft = await asEditor<AdminInsight>('POST', INSIGHTS, insightBody('초안 인사이트'));
    const reason = { reason: '초안은 내릴 수 없습니다' };
    expect((await asEditor('POST', `${INSIGHTS}/${draft.body.id}/withdraw`, reason)).status).toBe(409);
    expect((await asEditor('POST', `${INSIGHTS}/insight-unknown/withdraw`, reason)).status).toBe(404);
    // A never-published id is not found, not gone.
    expect((await content.get(`/api/articles/${draft.body.id}`)).status).toBe(404);
  });

  it('refuses a moderator publishing or withdrawing (403) but lets them read the history', async () => {
    const insight = await publishedInsight('모더레이터 권한 검사');
    const draft = await asEditor<AdminInsight>('POST', INSIGHTS, insightBody('모더레이터가 못 올리는 초안'));
    expect((await asModerator('POST', `${INSIGHTS}/${draft.body.id}/publish`)).status).toBe(403);
    const withdraw = await asModerator('POST', `${INSIGHTS}/${insight.id}/withdraw`, {
      reason: '모더레이터의 시도입니다',
    });
    expect(withdraw.status).toBe(403);
    expect((await content.get(`/api/articles/${insight.id}`)).status).toBe(200);
    expect((await asModerator('GET', `${INSIGHTS}/${insight.id}/revisions`)).status).toBe(200);
    expect(
      (await asModerator('POST', '/api/content/admin/drafts/analysis', { technologyName: 'Bun' })).status,
    ).toBe(403);
  });

  it("keeps an insight's revisions: who, when, which fields changed, and the withdrawal's reason", async () => {
    const created = await asEditor<AdminInsight>('POST', INSIGHTS, insightBody('변경 이력 인사이트'));
    const id = created.body.id;
    const createdAt = new Date(clock.now()).toISOString();
    clock.advance(60_000);
    await asEditor('PATCH', `${INSIGHTS}/${id}`, { title: '변경 이력 인사이트 (수정)', tags: ['철회'] });
    clock.advance(60_000);
    // The shared token is recorded as itself.
    await adminRequest(content, 'POST', `${INSIGHTS}/${id}/publish`);
    clock.advance(60_000);
    await asEditor('POST', `${INSIGHTS}/${id}/withdraw`, { reason: '출처 확인이 필요합니다' });

    const history = await asEditor<AuthoringRevisionsResponse>('GET', `${INSIGHTS}/${id}/revisions`);
    expect(history.status).toBe(200);
    expect(
      history.body.items.map(({ action, by, fields, reason }) => ({ action, by: by.name, fields, reason })),
    ).toEqual([
      { action: 'withdraw', by: EDITOR.name, fields: ['state'], reason: '출처 확인이 필요합니다' },
      { action: 'publish', by: 'ADMIN_TOKEN', fields: ['state'], reason: null },
      // Tags sent unchanged are not a change.
      { action: 'update', by: EDITOR.name, fields: ['title'], reason: null },
      {
        action: 'create',
        by: EDITOR.name,
        fields: ['title', 'summary', 'content', 'primaryCategory', 'tags', 'keyInsights'],
        reason: null,
      },
    ]);
    expect(history.body.items.at(-1)).toMatchObject({ itemId: id, at: createdAt, by: EDITOR });
    // The audit log has the edit's changed field before and after, not the unchanged tags.
    await eventually(() =>
      expect(editsOf(id)).toEqual([
        { before: { title: '변경 이력 인사이트' }, after: { title: '변경 이력 인사이트 (수정)' } },
      ]),
    );
    expect((await asEditor('GET', `${INSIGHTS}/insight-unknown/revisions`)).status).toBe(404);
  });

  it("keeps a tech analysis's revisions too", async () => {
    // Only what the editor filled in is named on the first revision, not the defaults of the rest.
    const created = await asEditor<AdminTechAnalysis>('POST', ANALYSES, {
      title: 'Deno 살펴보기',
      technologyName: 'Deno',
      difficultyLevel: 'beginner',
      technologyCategory: 'web_framework',
      introduction: '<p>소개</p>',
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    clock.advance(60_000);
    await asEditor('PATCH', `${ANALYSES}/${id}`, {
      executiveSummary: 'Deno의 요약',
      conclusion: '<p>새 결론</p>',
      qualityScore: 90,
    });
    clock.advance(60_000);
    expect((await asEditor('POST', `${ANALYSES}/${id}/publish`)).status).toBe(200);

    const history = await asEditor<AuthoringRevisionsResponse>('GET', `${ANALYSES}/${id}/revisions`);
    expect(history.body.items.map(({ action, fields }) => ({ action, fields }))).toEqual([
      { action: 'publish', fields: ['state'] },
      { action: 'update', fields: ['executiveSummary', 'qualityScore', 'conclusion'] },
      {
        action: 'create',
        fields: ['slug', 'title', 'difficultyLevel', 'technologyCategory', 'technologyName', 'introduction'],
      },
    ]);
    expect((await asEditor('GET', `${ANALYSES}/ta-unknown/revisions`)).status).toBe(404);
    await eventually(() => expect(editsOf(id)).toHaveLength(1));
    expect(editsOf(id)[0]).toMatchObject({
      before: { executiveSummary: '', conclusion: expect.not.stringContaining('새 결론') },
      after: { executiveSummary: 'Deno의 요약', qualityScore: 90, conclusion: '<p>새 결론</p>' },
    });
    expect(Object.keys(editsOf(id)[0]!.after as object)).toEqual([
      'executiveSummary',
      'qualityScore',
      'conclusion',
    ]);
  });

  describe('tech analyses', () => {
    async function publishedAnalysis(title: string): Promise<AdminTechAnalysis> {
      const created = await asEditor<AdminTechAnalysis>('POST', ANALYSES, analysisBody({ title }));
      expect(created.status).toBe(201);
      clock.advance(1000);
      const published = await asEditor<AdminTechAnalysis>('POST', `${ANALYSES}/${created.body.id}/publish`);
      expect(published.status).toBe(200);
      return published.body;
    }
    const listedAnalysisIds = async () =>
      (await content.get<TechAnalysisListResponse>('/api/tech-analysis?limit=50')).body.analyses.map(
        (analysis) => analysis.id,
      );
    const searchedIds = async (q: string) =>
      (
        await content.get<SearchPageResponse>(`/api/articles/search?q=${encodeURIComponent(q)}`)
      ).body.articles.map((item) => item.id);
    const relatedIds = async (slug: string) =>
      (
        await content.get<TechAnalysisDetailResponse>(`/api/tech-analysis/${encodeURIComponent(slug)}`)
      ).body.relatedAnalyses.map((related) => related.id);

    it('takes a published analysis down with a reason: 410 to readers, gone from the list, related, sitemap, search and trending', async () => {
      // Its own group (the insights' collector above holds the default one), read from the topic's start.
      const withdrawals = await content.collect(TOPICS.articleWithdrawn, 'test-analysis-withdrawn');
      const analysis = await publishedAnalysis('철회될 서비스 메시 분석');
      const neighbour = await publishedAnalysis('곁에 남는 서비스 메시 분석');
      expect(await listedAnalysisIds()).toContain(analysis.id);
      expect(await relatedIds(neighbour.slug)).toContain(analysis.id);
      expect((await content.get('/sitemap.xml')).body).toContain(`/tech-analysis/${analysis.slug}`);
      await eventually(async () => expect(await searchedIds('철회될 서비스 메시')).toContain(analysis.id));

      clock.advance(1000);
      const withdrawn = await asEditor<AdminTechAnalysis>('POST', `${ANALYSES}/${analysis.id}/withdraw`, {
        reason: '  내용 검증이 더 필요합니다  ',
      });
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body).toMatchObject({
        id: analysis.id,
        state: 'withdrawn',
        withdrawal: {
          reason: '내용 검증이 더 필요합니다',
          by: EDITOR.name,
          at: new Date(clock.now()).toISOString(),
        },
      });

      const reader = await content.get<{ message: string }>(`/api/tech-analysis/${analysis.slug}`);
      expect(reader.status).toBe(410);
      expect(reader.body.message).toBe(ANALYSIS_WITHDRAWN);
      expect(await listedAnalysisIds()).not.toContain(analysis.id);
      expect(await relatedIds(neighbour.slug)).not.toContain(analysis.id);
      expect((await content.get('/sitemap.xml')).body).not.toContain(`/tech-analysis/${analysis.slug}`);
      await eventually(async () =>
        expect(await searchedIds('철회될 서비스 메시')).not.toContain(analysis.id),
      );
      // Trending knows an analysis by its id (techanalysis.published): told in the same write, once.
      await eventually(() =>
        expect(
          withdrawals
            .map((event) => event.payload as { id: string })
            .filter((payload) => payload.id === analysis.id),
        ).toEqual([{ id: analysis.id, withdrawnAt: new Date(clock.now()).toISOString() }]),
      );

      const admin = await asEditor<{ items: AdminTechAnalysis[] }>('GET', `${ANALYSES}?state=withdrawn`);
      expect(admin.body.items.map((item) => item.id)).toEqual([analysis.id]);
    });

    it('publishes a withdrawn analysis again, clearing its withdrawal and telling trending', async () => {
      const analysis = await publishedAnalysis('다시 게시될 기술분석');
      clock.advance(1000);
      await asEditor('POST', `${ANALYSES}/${analysis.id}/withdraw`, { reason: '검토 후 다시 올립니다' });
      expect((await content.get(`/api/tech-analysis/${analysis.slug}`)).status).toBe(410);

      const announcements = await content.collect(TOPICS.techAnalysisPublished);
      clock.advance(1000);
      const again = await asEditor<AdminTechAnalysis>('POST', `${ANALYSES}/${analysis.id}/publish`);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ state: 'published', withdrawal: null });
      expect((await content.get(`/api/tech-analysis/${analysis.slug}`)).status).toBe(200);
      expect(await listedAnalysisIds()).toContain(analysis.id);
      // The first publishing's announcement may still be on its way; this one carries the new date.
      await eventually(() =>
        expect(announcements.map((event) => event.payload)).toContainEqual(
          expect.objectContaining({ id: analysis.id, publishedAt: new Date(clock.now()).toISOString() }),
        ),
      );
    });

    it('withdraws only a published analysis (409 for a draft), 404 for an unknown one, 400 naming the reason', async () => {
      const draft = await asEditor<AdminTechAnalysis>(
        'POST',
        ANALYSES,
        analysisBody({ title: '초안 기술분석' }),
      );
      const reason = { reason: '초안은 내릴 수 없습니다' };
      expect((await asEditor('POST', `${ANALYSES}/${draft.body.id}/withdraw`, reason)).status).toBe(409);
      expect((await asEditor('POST', `${ANALYSES}/ta-unknown/withdraw`, reason)).status).toBe(404);
      // A never-published analysis is not found, not gone.
      expect((await content.get(`/api/tech-analysis/${draft.body.slug}`)).status).toBe(404);

      const analysis = await publishedAnalysis('사유 없는 철회 시도');
      const short = await asEditor<{ message: string }>('POST', `${ANALYSES}/${analysis.id}/withdraw`, {
        reason: 'abc',
      });
      expect(short.status).toBe(400);
      expect(short.body.message).toContain('reason must be 5 to 300 characters');
      expect((await content.get(`/api/tech-analysis/${analysis.slug}`)).status).toBe(200);
    });

    it('refuses a moderator withdrawing an analysis (403)', async () => {
      const analysis = await publishedAnalysis('모더레이터가 못 내리는 기술분석');
      const withdraw = await asModerator('POST', `${ANALYSES}/${analysis.id}/withdraw`, {
        reason: '모더레이터의 시도입니다',
      });
      expect(withdraw.status).toBe(403);
      expect((await content.get(`/api/tech-analysis/${analysis.slug}`)).status).toBe(200);
    });

    it("notes the withdrawal and its reason in the analysis's revisions", async () => {
      const analysis = await publishedAnalysis('이력에 남는 철회');
      clock.advance(60_000);
      await asEditor('POST', `${ANALYSES}/${analysis.id}/withdraw`, { reason: '출처 확인이 필요합니다' });
      const history = await asEditor<AuthoringRevisionsResponse>(
        'GET',
        `${ANALYSES}/${analysis.id}/revisions`,
      );
      expect(history.body.items.slice(0, 2).map(({ action, reason }) => ({ action, reason }))).toEqual([
        { action: 'withdraw', reason: '출처 확인이 필요합니다' },
        { action: 'publish', reason: null },
      ]);
    });
  });

  it('says whether drafting can work: no LLM configured here', async () => {
    const answer = await asModerator<DraftingCapability>('GET', '/api/content/admin/drafts/capability');
    expect(answer).toEqual({ status: 200, body: { llm: false } });
  });
});
