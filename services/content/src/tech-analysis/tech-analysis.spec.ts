import type {
  TechAnalysisDetailResponse,
  TechAnalysisLikeResponse,
  TechAnalysisListResponse,
  TechAnalysisViewResponse,
} from '@pulse/contracts';
import { startContentTestApp, testClock, type ContentTestApp } from '../../testing/content-test-app';
import { publishAnalysis, readerCookie } from '../../testing/tech-analysis/analysis-fixtures';

const clock = testClock(Date.parse('2026-03-10T03:00:00.000Z'));
const MINUTE = 60_000;

describe('tech analyses for readers (docs/spec-content.md §2, §7)', () => {
  let content: ContentTestApp;
  /** Slugs by name, in publication order (oldest first). */
  const published: Record<string, { id: string; slug: string }> = {};

  beforeAll(async () => {
    content = await startContentTestApp({ clock });
    // 11 cloud-native analyses, then one each in ai_ml and security; each a minute newer than the last.
    for (let i = 0; i < 11; i += 1) {
      clock.advance(MINUTE);
      published[`cloud${i}`] = await publishAnalysis(content, {
        slug: `cloud-${i}`,
        seoKeywords: i === 0 ? ['Kubernetes', 'GitOps', 'Helm'] : ['Kubernetes'],
      });
    }
    clock.advance(MINUTE);
    published.ai = await publishAnalysis(content, {
      slug: 'pytorch',
      technologyCategory: 'ai_ml',
      seoKeywords: ['PyTorch', 'gitops', 'helm'],
    });
    clock.advance(MINUTE);
    published.security = await publishAnalysis(content, {
      slug: '오어스-pkce',
      technologyCategory: 'security',
      seoKeywords: ['OAuth'],
    });
  }, 60_000);

  afterAll(() => content.close());

  const list = (query = '') => content.get<TechAnalysisListResponse>(`/api/tech-analysis${query}`);

  it('puts published analyses in the sitemap as /tech-analysis/{slug}', async () => {
    const sitemap = await content.get<string>('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain(`/tech-analysis/${encodeURIComponent('오어스-pkce')}</loc>`);
    expect(sitemap.body).toContain('/tech-analysis/cloud-10</loc>');
  });

  it('lists published analyses newest first, 9 per page, with the seed list item fields', async () => {
    const first = await list('?page=1&limit=9&lang=ko');
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, totalPages: 2 });
    expect(first.body.analyses.map((a) => a.slug)).toEqual([
      '오어스-pkce',
      'pytorch',
      'cloud-10',
      'cloud-9',
      'cloud-8',
      'cloud-7',
      'cloud-6',
      'cloud-5',
      'cloud-4',
    ]);
    expect(Object.keys(first.body.analyses[0]).sort()).toEqual(
      [
        'id',
        'slug',
        'title',
        'executiveSummary',
        'technologyName',
        'technologyCategory',
        'difficultyLevel',
        'estimatedReadingTime',
        'likesCount',
        'publishedAt',
      ].sort(),
    );
    const second = await list('?page=2&limit=9&lang=ko');
    expect(second.body.analyses.map((a) => a.slug)).toEqual(['cloud-3', 'cloud-2', 'cloud-1', 'cloud-0']);
    expect(second.body.pagination).toEqual({ page: 2, totalPages: 2 });
    expect((await list('?page=3')).body).toEqual({ analyses: [], pagination: { page: 3, totalPages: 2 } });
  });

  it('filters by technology category; all means no filter; an empty category is an empty list', async () => {
    const ai = await list('?category=ai_ml');
    expect(ai.body.analyses.map((a) => a.slug)).toEqual(['pytorch']);
    expect(ai.body.pagination).toEqual({ page: 1, totalPages: 1 });
    expect((await list('?category=all')).body.analyses).toHaveLength(9);
    expect((await list('?category=mobile')).body).toEqual({
      analyses: [],
      pagination: { page: 1, totalPages: 0 },
    });
  });

  it('answers lang=en with the English analyses there are: none, since all are written in Korean', async () => {
    expect((await list('?lang=en')).body).toEqual({ analyses: [], pagination: { page: 1, totalPages: 0 } });
  });

  it('never lists or shows a draft', async () => {
    const draft = await content.inject({
      method: 'POST',
      url: '/api/content/admin/tech-analyses',
      headers: { authorization: 'Bearer test-admin-token-0123456789' },
      payload: {
        title: '초안',
        technologyName: 'Draft Tech',
        technologyCategory: 'mobile',
        difficultyLevel: 'beginner',
      },
    });
    expect(draft.statusCode).toBe(201);
    expect((await list('?category=mobile')).body.analyses).toEqual([]);
    expect((await content.get(`/api/tech-analysis/${draft.json().slug}`)).status).toBe(404);
    expect(
      (await content.inject({ method: 'POST', url: `/api/tech-analysis/${draft.json().id}/like` }))
        .statusCode,
    ).toBe(404);
  });

  it('shows the detail by slug with every field and related analyses', async () => {
    const response = await content.get<TechAnalysisDetailResponse>('/api/tech-analysis/cloud-0');
    expect(response.status).toBe(200);
    const { analysis, relatedAnalyses } = response.body;
    expect(analysis).toMatchObject({
      id: published.cloud0.id,
      slug: 'cloud-0',
      technologyCategory: 'cloud_native',
      difficultyLevel: 'intermediate',
      qualityScore: 80,
      views: 0,
      likesCount: 0,
      seoKeywords: ['Kubernetes', 'GitOps', 'Helm'],
      prosAndCons: { pros: ['선언형 설정'], cons: ['학습 비용'] },
      codeExamples: [
        { id: 'code-1', title: '적용', language: 'bash', code: 'kubectl apply -f web.yaml', order: 1 },
      ],
      externalResources: [
        { id: 'resource-1', title: '문서', url: 'https://kubernetes.io/docs/home/', type: 'documentation' },
      ],
    });
    // Computed from the text (tech-analysis.content.spec.ts checks the arithmetic).
    expect(analysis.estimatedReadingTime).toBeGreaterThanOrEqual(1);
    // Same category first (newest first among equally sharing ones), at most 3.
    expect(relatedAnalyses.map((a) => a.slug)).toEqual(['cloud-10', 'cloud-9', 'cloud-8']);
    expect(Object.keys(relatedAnalyses[0]).sort()).toEqual(
      ['id', 'slug', 'title', 'technologyCategory', 'executiveSummary'].sort(),
    );
  });

  it('relates across categories by shared SEO keywords when the category has no others', async () => {
    // pytorch is alone in ai_ml; it shares gitops and helm (any case) with cloud-0 only.
    const response = await content.get<TechAnalysisDetailResponse>('/api/tech-analysis/pytorch');
    expect(response.body.relatedAnalyses.map((a) => a.slug)).toEqual(['cloud-0']);
    const lonely = await content.get<TechAnalysisDetailResponse>(
      `/api/tech-analysis/${encodeURIComponent('오어스-pkce')}`,
    );
    expect(lonely.status).toBe(200);
    expect(lonely.body.relatedAnalyses).toEqual([]);
  });

  it("answers an unknown slug with 404 '기술분석을 찾을 수 없습니다.'", async () => {
    expect(await content.get('/api/tech-analysis/no-such-analysis')).toMatchObject({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: '기술분석을 찾을 수 없습니다.' },
    });
  });

  it('counts a like once per reader session, with no unlike', async () => {
    const url = `/api/tech-analysis/${published.cloud1.id}/like`;
    // Without a session: one is issued, and the like counts nothing (a script's cookie-less likes).
    const cookieless = await content.inject({ method: 'POST', url });
    expect(cookieless.statusCode).toBe(200);
    expect(cookieless.json<TechAnalysisLikeResponse>()).toEqual({
      liked: false,
      likesCount: 0,
      reason: 'session-issued',
    });
    const cookie = String(cookieless.headers['set-cookie']).split(';')[0];
    const first = await content.inject({ method: 'POST', url, headers: { cookie } });
    expect(first.json<TechAnalysisLikeResponse>()).toEqual({ liked: true, likesCount: 1 });
    const again = await content.inject({ method: 'POST', url, headers: { cookie } });
    expect(again.json<TechAnalysisLikeResponse>()).toEqual({ liked: true, likesCount: 1 });
    // Another session counts.
    const other = await content.inject({
      method: 'POST',
      url,
      headers: { cookie: await readerCookie(content, published.cloud1.id) },
    });
    expect(other.json<TechAnalysisLikeResponse>()).toEqual({ liked: true, likesCount: 2 });
    const detail = await content.get<TechAnalysisDetailResponse>('/api/tech-analysis/cloud-1');
    expect(detail.body.analysis.likesCount).toBe(2);
    expect((await list('?page=2')).body.analyses.find((a) => a.slug === 'cloud-1')?.likesCount).toBe(2);
    expect((await content.inject({ method: 'DELETE', url })).statusCode).toBe(404);
  });

  it('counts a view once per reader session within the view window, through POST …/view', async () => {
    const url = `/api/tech-analysis/${published.cloud2.id}/view`;
    const cookieless = await content.inject({ method: 'POST', url });
    expect(cookieless.json<TechAnalysisViewResponse>()).toEqual({
      counted: false,
      views: 0,
      reason: 'session-issued',
    });
    const cookie = String(cookieless.headers['set-cookie']).split(';')[0];
    const first = await content.inject({ method: 'POST', url, headers: { cookie } });
    expect(first.json<TechAnalysisViewResponse>()).toEqual({ counted: true, views: 1 });
    expect((await content.inject({ method: 'POST', url, headers: { cookie } })).json()).toEqual({
      counted: false,
      views: 1,
    });
    // Reading the detail counts nothing (a cached GET must not count).
    await content.get('/api/tech-analysis/cloud-2');
    expect(
      (await content.get<TechAnalysisDetailResponse>('/api/tech-analysis/cloud-2')).body.analysis.views,
    ).toBe(1);
    // After the window (CONTENT_VIEW_WINDOW_HOURS, 24 by default) the same reader counts again.
    clock.advance(25 * 60 * MINUTE);
    expect((await content.inject({ method: 'POST', url, headers: { cookie } })).json()).toEqual({
      counted: true,
      views: 2,
    });
  });

  it('caps likes of one analysis from one network, however many sessions it mints (429 with Retry-After)', async () => {
    const url = `/api/tech-analysis/${published.security.id}/like`;
    const answers: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      // A fresh session each time, from another address of the same IPv6 /64.
      const address = { remoteAddress: `2001:db8:77:1::${(i + 2).toString(16)}` };
      const issued = await content.inject({ method: 'POST', url, ...address });
      const cookie = String(issued.headers['set-cookie']).split(';')[0];
      const like = await content.inject({ method: 'POST', url, headers: { cookie }, ...address });
      answers.push(like.statusCode);
      if (like.statusCode === 429) expect(Number(like.headers['retry-after'])).toBeGreaterThan(0);
    }
    // CONTENT_LIKES_PER_NETWORK_ARTICLE_HOUR (10) count; the rest are refused.
    expect(answers.filter((status) => status === 200)).toHaveLength(10);
    expect(answers.slice(10)).toEqual([429, 429]);
    const detail = await content.get<TechAnalysisDetailResponse>(
      `/api/tech-analysis/${encodeURIComponent(published.security.slug)}`,
    );
    expect(detail.body.analysis.likesCount).toBe(10);
    // Another network is not held back by it.
    const other = { remoteAddress: '198.51.100.9' };
    const issued = await content.inject({ method: 'POST', url, ...other });
    const cookie = String(issued.headers['set-cookie']).split(';')[0];
    expect((await content.inject({ method: 'POST', url, headers: { cookie }, ...other })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for a like or view of an unknown id', async () => {
    for (const action of ['like', 'view']) {
      const response = await content.inject({ method: 'POST', url: `/api/tech-analysis/nope/${action}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('기술분석을 찾을 수 없습니다.');
    }
  });
});
