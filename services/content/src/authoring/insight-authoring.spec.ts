import {
  TOPICS,
  type AdminInsight,
  type AdminListResponse,
  type ArticleDetailResponse,
  type ArticlePublishedPayload,
  type EventEnvelope,
  type OffsetPageResponse,
} from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import { adminRequest } from '../../testing/tech-analysis/analysis-fixtures';
import {
  startContentTestApp,
  testClock,
  translatedArticle,
  type ContentTestApp,
} from '../../testing/content-test-app';

const BASE = '/api/content/admin/insights';
const clock = testClock(Date.parse('2026-03-10T03:00:00.000Z'));

const insightBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'AI 반도체 경쟁, 다음 승부처는 메모리',
  summary: '엔비디아와 빅테크의 반도체 경쟁이 메모리 대역폭으로 옮겨가고 있다.',
  content: '<p>HBM 공급이 병목이다.</p><img src="x" onerror="alert(1)">',
  primaryCategory: 'big-tech',
  secondaryCategory: 'gen-ai',
  tags: ['반도체', 'HBM', '반도체'],
  keyInsights: ['메모리 대역폭이 병목', 'HBM 공급망이 협상력을 가른다'],
  relatedIndustries: ['반도체'],
  originalSources: [
    { sourceUrl: 'https://example.com/hbm', title: 'HBM supply', sourceName: 'Example News' },
  ],
  ...overrides,
});

describe('admin authoring of insights', () => {
  let content: ContentTestApp;
  let published: EventEnvelope<ArticlePublishedPayload>[];
  beforeAll(async () => {
    content = await startContentTestApp({ clock });
    published = (await content.collect(TOPICS.articlePublished)) as EventEnvelope<ArticlePublishedPayload>[];
  });
  afterAll(() => content.close());

  const insightIds = async () =>
    (await content.get<OffsetPageResponse>('/api/content/insights?limit=50')).body.articles.map((a) => a.id);

  it('stores a draft that readers cannot see, then publishes it with article.published', async () => {
    const created = await adminRequest<AdminInsight>(content, 'POST', BASE, insightBody());
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body).toMatchObject({
      type: 'insight',
      state: 'draft',
      // Sanitised: the handler attribute is gone.
      content: '<p>HBM 공급이 병목이다.</p><img src="x" />',
      tags: [
        { id: '반도체', name: '반도체', slug: '반도체' },
        { id: 'hbm', name: 'HBM', slug: 'hbm' },
      ],
      insightMeta: {
        keyInsights: ['메모리 대역폭이 병목', 'HBM 공급망이 협상력을 가른다'],
        relatedIndustries: ['반도체'],
      },
      originalArticle: {
        sourceUrl: 'https://example.com/hbm',
        title: 'HBM supply',
        author: null,
        sourceName: 'Example News',
      },
      likesCount: 0,
      views: 0,
    });
    expect(await insightIds()).not.toContain(id);
    expect((await content.get(`/api/articles/${id}`)).status).toBe(404);

    clock.advance(60_000);
    const publishedAt = new Date(clock.now()).toISOString();
    const result = await adminRequest<AdminInsight>(content, 'POST', `${BASE}/${id}/publish`);
    expect(result).toMatchObject({ status: 200, body: { state: 'published', publishedAt } });
    expect(await insightIds()).toContain(id);
    expect((await content.get<ArticleDetailResponse>(`/api/articles/${id}`)).body.article).toMatchObject({
      id,
      type: 'insight',
      title: 'AI 반도체 경쟁, 다음 승부처는 메모리',
    });
    await eventually(() =>
      expect(published.map((event) => event.payload)).toContainEqual({
        id,
        type: 'insight',
        title: 'AI 반도체 경쟁, 다음 승부처는 메모리',
        summary: '엔비디아와 빅테크의 반도체 경쟁이 메모리 대역폭으로 옮겨가고 있다.',
        categories: ['big-tech', 'gen-ai'],
        tags: ['반도체', 'HBM'],
        publishedAt,
        url: `/insights/${id}`,
        imageUrl: null,
      }),
    );

    // Publishing again neither changes nor re-announces it.
    const before = published.length;
    expect(
      (await adminRequest<AdminInsight>(content, 'POST', `${BASE}/${id}/publish`)).body.publishedAt,
    ).toBe(publishedAt);

    // Editing a published insight updates what readers see (caches included) and announces the change.
    const edited = await adminRequest<AdminInsight>(content, 'PATCH', `${BASE}/${id}`, {
      title: '메모리가 승부처다',
    });
    expect(edited.body).toMatchObject({ state: 'published', title: '메모리가 승부처다', publishedAt });
    expect((await content.get<ArticleDetailResponse>(`/api/articles/${id}`)).body.article.title).toBe(
      '메모리가 승부처다',
    );
    await eventually(() => expect(published.length).toBe(before + 1));
    expect(published.at(-1)?.payload).toMatchObject({ id, title: '메모리가 승부처다' });
  });

  it('does not announce edits of a draft, and publishing needs 2 key insights', async () => {
    const created = await adminRequest<AdminInsight>(
      content,
      'POST',
      BASE,
      insightBody({ keyInsights: ['하나뿐'] }),
    );
    const before = published.length;
    const edited = await adminRequest<AdminInsight>(content, 'PATCH', `${BASE}/${created.body.id}`, {
      summary: '새 요약',
    });
    expect(edited.body).toMatchObject({ state: 'draft', summary: '새 요약', title: insightBody().title });
    const refused = await adminRequest(content, 'POST', `${BASE}/${created.body.id}/publish`);
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'keyInsights: an insight needs at least 2 key insights to be published (has 1)' },
    });
    // Events travel in the document's outbox; once it is drained, whatever was written has been sent.
    await eventually(async () =>
      expect(await content.store.collection('articles').findOne({ _id: created.body.id })).not.toHaveProperty(
        '_outbox.0',
      ),
    );
    expect(published.length).toBe(before);
  });

  it('lists authored insights by state; insights of the translation pipeline are not editable here', async () => {
    await content.translated(
      translatedArticle({ articleId: 'pipeline-insight', contentType: 'insight', keyInsights: ['a', 'b'] }),
    );
    const drafts = await adminRequest<AdminListResponse<AdminInsight>>(content, 'GET', `${BASE}?state=draft`);
    expect(drafts.body.items.length).toBeGreaterThan(0);
    expect(drafts.body.items.every((item) => item.state === 'draft')).toBe(true);
    const all = await adminRequest<AdminListResponse<AdminInsight>>(content, 'GET', `${BASE}?limit=50`);
    expect(all.body.items.map((item) => item.id)).not.toContain('pipeline-insight');
    expect((await adminRequest(content, 'PATCH', `${BASE}/pipeline-insight`, { title: 'x' })).status).toBe(
      404,
    );
    expect((await adminRequest(content, 'GET', `${BASE}/insight-missing`)).body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Insight not found',
    });
  });
});
