import type { AdminListResponse, AdminTechAnalysis, TechAnalysisDetailResponse } from '@pulse/contracts';
import { startContentTestApp, testClock, type ContentTestApp } from '../../testing/content-test-app';
import { adminRequest, analysisBody, publishAnalysis } from '../../testing/tech-analysis/analysis-fixtures';

const BASE = '/api/content/admin/tech-analyses';
const clock = testClock(Date.parse('2026-03-10T03:00:00.000Z'));

describe('admin authoring of tech analyses', () => {
  let content: ContentTestApp;
  beforeAll(async () => {
    content = await startContentTestApp({ clock });
  });
  afterAll(() => content.close());

  describe('admin credential (docs/design.md §10)', () => {
    const routes: Array<['GET' | 'POST' | 'PATCH', string]> = [
      ['GET', BASE],
      ['GET', `${BASE}/ta-1`],
      ['POST', BASE],
      ['PATCH', `${BASE}/ta-1`],
      ['POST', `${BASE}/ta-1/publish`],
      ['GET', '/api/content/admin/insights'],
      ['GET', '/api/content/admin/insights/insight-1'],
      ['POST', '/api/content/admin/insights'],
      ['PATCH', '/api/content/admin/insights/insight-1'],
      ['POST', '/api/content/admin/insights/insight-1/publish'],
      ['POST', '/api/content/admin/drafts/insight'],
      ['POST', '/api/content/admin/drafts/analysis'],
    ];

    it.each(routes)('%s %s answers 401 without a token and 403 with a wrong one', async (method, url) => {
      const none = await adminRequest(content, method, url, {}, {});
      expect(none).toEqual({
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Admin credential required' },
      });
      const wrong = await adminRequest(
        content,
        method,
        url,
        {},
        { authorization: 'Bearer not-the-admin-token' },
      );
      expect(wrong).toEqual({
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'Invalid admin credential' },
      });
    });
  });

  it('creates a draft (slug from the technology name), edits it, publishes it', async () => {
    const created = await adminRequest<AdminTechAnalysis>(
      content,
      'POST',
      BASE,
      analysisBody({ technologyName: 'Apache Kafka', executiveSummary: '' }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: 'apache-kafka',
      state: 'draft',
      publishedAt: null,
      origin: 'admin',
      model: null,
      views: 0,
      likesCount: 0,
    });
    const id = created.body.id;
    expect((await content.get('/api/tech-analysis/apache-kafka')).status).toBe(404);

    // Publishing needs a summary, an introduction and a conclusion.
    const incomplete = await adminRequest(content, 'POST', `${BASE}/${id}/publish`);
    expect(incomplete).toMatchObject({
      status: 400,
      body: { message: 'executiveSummary: required before publishing (empty in the draft)' },
    });

    clock.advance(60_000);
    const edited = await adminRequest<AdminTechAnalysis>(content, 'PATCH', `${BASE}/${id}`, {
      executiveSummary: 'Kafka 요약',
      estimatedReadingTime: 7,
      conclusion: '<p>끝<script>x</script></p>',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      executiveSummary: 'Kafka 요약',
      estimatedReadingTime: 7,
      conclusion: '<p>끝</p>',
      // untouched fields kept
      technologyName: 'Apache Kafka',
      codeExamples: [expect.objectContaining({ id: 'code-1', code: 'kubectl apply -f web.yaml' })],
      updatedAt: new Date(clock.now()).toISOString(),
    });
    // null gives the reading time back to the text.
    const computed = await adminRequest<AdminTechAnalysis>(content, 'PATCH', `${BASE}/${id}`, {
      estimatedReadingTime: null,
    });
    expect(computed.body.estimatedReadingTime).not.toBe(7);

    clock.advance(60_000);
    const published = await adminRequest<AdminTechAnalysis>(content, 'POST', `${BASE}/${id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      state: 'published',
      publishedAt: new Date(clock.now()).toISOString(),
    });
    const read = await content.get<TechAnalysisDetailResponse>('/api/tech-analysis/apache-kafka');
    expect(read.status).toBe(200);
    expect(read.body.analysis).toMatchObject({
      id,
      executiveSummary: 'Kafka 요약',
      publishedAt: published.body.publishedAt,
    });

    // Publishing again changes nothing.
    clock.advance(60_000);
    const again = await adminRequest<AdminTechAnalysis>(content, 'POST', `${BASE}/${id}/publish`);
    expect(again.body.publishedAt).toBe(published.body.publishedAt);

    // Editing a published analysis keeps it published and visible.
    await adminRequest(content, 'PATCH', `${BASE}/${id}`, { title: '카프카 새 제목' });
    expect(
      (await content.get<TechAnalysisDetailResponse>('/api/tech-analysis/apache-kafka')).body.analysis.title,
    ).toBe('카프카 새 제목');
  });

  it('answers 409 for a slug already used, on create and on edit', async () => {
    const first = await adminRequest<AdminTechAnalysis>(
      content,
      'POST',
      BASE,
      analysisBody({ slug: '중복-슬러그' }),
    );
    expect(first.status).toBe(201);
    const duplicate = await adminRequest(content, 'POST', BASE, analysisBody({ slug: '중복-슬러그' }));
    expect(duplicate).toMatchObject({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: expect.stringContaining("slug '중복-슬러그'") },
    });
    const other = await adminRequest<AdminTechAnalysis>(
      content,
      'POST',
      BASE,
      analysisBody({ slug: 'other-slug' }),
    );
    const clash = await adminRequest(content, 'PATCH', `${BASE}/${other.body.id}`, { slug: '중복-슬러그' });
    expect(clash.status).toBe(409);
  });

  it('keeps related analyses an editor chose, in order, published ones only', async () => {
    clock.advance(60_000);
    const a = await publishAnalysis(content, { technologyCategory: 'mobile' });
    const b = await publishAnalysis(content, { technologyCategory: 'security' });
    const draft = await adminRequest<AdminTechAnalysis>(content, 'POST', BASE, analysisBody());
    const chosen = await publishAnalysis(content, {
      technologyCategory: 'devops',
      relatedAnalysisIds: [b.id, draft.body.id, a.id],
    });
    const detail = await content.get<TechAnalysisDetailResponse>(
      `/api/tech-analysis/${encodeURIComponent(chosen.slug)}`,
    );
    expect(detail.body.relatedAnalyses.map((r) => r.id)).toEqual([b.id, a.id]);

    const unknown = await adminRequest(
      content,
      'POST',
      BASE,
      analysisBody({ relatedAnalysisIds: ['ta-missing'] }),
    );
    expect(unknown).toMatchObject({
      status: 400,
      body: { message: 'relatedAnalysisIds: unknown analysis ids: ta-missing' },
    });
    const self = await adminRequest(content, 'PATCH', `${BASE}/${a.id}`, { relatedAnalysisIds: [a.id] });
    expect(self.status).toBe(400);
  });

  it('lists drafts and published analyses for admins, newest change first, filtered by state', async () => {
    const all = await adminRequest<AdminListResponse<AdminTechAnalysis>>(content, 'GET', `${BASE}?limit=50`);
    expect(all.status).toBe(200);
    const drafts = await adminRequest<AdminListResponse<AdminTechAnalysis>>(
      content,
      'GET',
      `${BASE}?state=draft&limit=50`,
    );
    expect(drafts.body.items.length).toBeGreaterThan(0);
    expect(drafts.body.items.every((item) => item.state === 'draft')).toBe(true);
    const published = await adminRequest<AdminListResponse<AdminTechAnalysis>>(
      content,
      'GET',
      `${BASE}?state=published`,
    );
    expect(published.body.pagination.total + drafts.body.pagination.total).toBe(all.body.pagination.total);
    const times = all.body.items.map((item) => item.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("answers 404 '기술분석을 찾을 수 없습니다.' for an unknown id", async () => {
    for (const [method, url] of [
      ['GET', `${BASE}/ta-missing`],
      ['PATCH', `${BASE}/ta-missing`],
      ['POST', `${BASE}/ta-missing/publish`],
    ] as const) {
      const response = await adminRequest(
        content,
        method,
        url,
        method === 'PATCH' ? { title: 'x' } : undefined,
      );
      expect(response).toMatchObject({ status: 404, body: { message: '기술분석을 찾을 수 없습니다.' } });
    }
  });
});
