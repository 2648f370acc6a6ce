import { startContentTestApp, type ContentTestApp } from '../../testing/content-test-app';
import { ADMIN_HEADERS, analysisBody, publishAnalysis } from '../../testing/tech-analysis/analysis-fixtures';

/**
 * docs/design.md §7: bad input to the tech-analysis and authoring endpoints is a 400 (or 413) naming the field,
 * never a 500 — wrong types, out-of-range values, operator injection, arrays for strings, over-long text.
 */
describe('tech analyses and authoring: bad input', () => {
  let content: ContentTestApp;
  let analysisId: string;
  let insightId: string;

  beforeAll(async () => {
    content = await startContentTestApp();
    analysisId = (await publishAnalysis(content, { slug: 'bad-input-target' })).id;
    const insight = await content.inject({
      method: 'POST',
      url: '/api/content/admin/insights',
      headers: ADMIN_HEADERS,
      payload: { title: '제목', summary: '요약', content: '<p>본문</p>', primaryCategory: 'gen-ai' },
    });
    insightId = insight.json().id;
  });
  afterAll(() => content.close());

  const long = (n: number) => 'x'.repeat(n);

  describe('public reads', () => {
    it.each([
      ['?page=0', /^page: page must be an integer from 1 to 1000/],
      ['?page=abc', /^page: /],
      ['?page=1&page=2', /^page: /],
      ['?limit=500', /^limit: limit must be an integer from 1 to 50/],
      ['?lang=jp', /lang must be one of: ko, en/],
      ['?category=ml', /category must be one of: all, ai_ml, web_framework/],
      ['?category[$ne]=x', /unknown parameter\(s\): category\[\$ne\]/],
      ['?sotr=latest', /unknown parameter\(s\): sotr/],
      [`?category=${long(5000)}`, /category must be one of/],
    ])('GET /api/tech-analysis%s → 400', async (query, message) => {
      const response = await content.get<{ statusCode: number; message: string }>(
        `/api/tech-analysis${query}`,
      );
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringMatching(message),
      });
    });

    it.each(['$ne', 'a.b', '%00', 'a b'])('GET /api/tech-analysis/%s → 400 naming the slug', async (slug) => {
      const response = await content.get<{ message: string }>(
        `/api/tech-analysis/${encodeURIComponent(slug)}`,
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^slug: slug must be 1 to 200 letters/);
    });

    it.each(['like', 'view'])(
      'POST /api/tech-analysis/:id/%s with a malformed id → 400 naming the id',
      async (action) => {
        for (const id of ['a.b', '$where', '한글']) {
          const response = await content.inject({
            method: 'POST',
            url: `/api/tech-analysis/${encodeURIComponent(id)}/${action}`,
          });
          expect(response.statusCode).toBe(400);
          expect(response.json().message).toMatch(/^id: id must be 1 to 100 characters/);
        }
      },
    );
  });

  it('answers 400 naming the parameter for a path parameter of 201+ characters', async () => {
    for (const url of [`/api/tech-analysis/${long(201)}`, `/api/tech-analysis/${long(201)}/like`]) {
      const response = await content.inject({ method: url.endsWith('like') ? 'POST' : 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(/^(slug|id): /),
      });
    }
  });

  describe('admin writes', () => {
    const send = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: unknown) =>
      content.inject({
        method,
        url,
        headers:
          payload === undefined ? ADMIN_HEADERS : { ...ADMIN_HEADERS, 'content-type': 'application/json' },
        ...(payload === undefined
          ? {}
          : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
      });

    it.each<[string, Record<string, unknown>, RegExp]>([
      ['operator injection', { title: { $ne: null } }, /^title: title is required and must be text/],
      ['an array for a string', { technologyName: ['a', 'b'] }, /^technologyName: /],
      ['an over-long title', { title: long(201) }, /^title: title must be 1 to 200 characters/],
      ['an unknown field', { views: 1000 }, /unknown parameter\(s\): views/],
      [
        'a score above 100',
        { qualityScore: 101 },
        /^qualityScore: qualityScore must be an integer from 0 to 100/,
      ],
      ['a category outside the 8', { technologyCategory: 'ml' }, /technologyCategory must be one of: ai_ml/],
      [
        'a javascript: resource URL',
        { externalResources: [{ title: 'x', url: 'javascript:alert(1)', type: 'other' }] },
        /^externalResources\.0\.url/,
      ],
      [
        'too many code examples',
        {
          codeExamples: Array.from({ length: 31 }, (_, i) => ({
            title: 't',
            language: 'ts',
            code: 'x',
            order: i,
          })),
        },
        /codeExamples must have at most 30 items/,
      ],
      [
        'over-long code',
        { codeExamples: [{ title: 't', language: 'ts', code: long(20_001), order: 1 }] },
        /codeExamples\.code must be at most 20000/,
      ],
      [
        'a language with markup',
        { codeExamples: [{ title: 't', language: '<b>', code: 'x', order: 1 }] },
        /codeExamples\.language must be/,
      ],
      ['a slug with a slash', { slug: 'a/b' }, /^slug: slug must be 1 to 200 letters/],
      [
        'a slug the router could not serve',
        { slug: long(101) },
        /^slug: slug must be at most 100 characters/,
      ],
      [
        'a related id with an operator',
        { relatedAnalysisIds: [{ $gt: '' }] },
        /^relatedAnalysisIds\.0: id is required/,
      ],
    ])('POST tech-analyses with %s → 400 naming the field', async (_, override, message) => {
      const response = await send(
        'POST',
        '/api/content/admin/tech-analyses',
        analysisBody(override as never),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringMatching(message),
      });
    });

    it('PATCH tech-analyses refuses the same inputs and a body that is not an object', async () => {
      const url = `/api/content/admin/tech-analyses/${analysisId}`;
      expect((await send('PATCH', url, { difficultyLevel: 'expert' })).json().message).toMatch(
        /difficultyLevel must be one of: beginner, intermediate, advanced/,
      );
      expect((await send('PATCH', url, { prosAndCons: { pros: 'one' } })).statusCode).toBe(400);
      expect((await send('PATCH', url, '"just a string"')).statusCode).toBe(400);
      expect((await send('PATCH', url, '[]')).statusCode).toBe(400);
      expect((await send('PATCH', url, '{"title":')).statusCode).toBe(400);
    });

    it.each<[string, Record<string, unknown>, RegExp]>([
      [
        'a summary over 160 characters',
        { summary: long(161) },
        /^summary: summary must be 1 to 160 characters/,
      ],
      ['an over-long body', { content: long(100_001) }, /^content: content must be at most 100000/],
      ['an unknown category', { primaryCategory: 'nft' }, /^primaryCategory: /],
      [
        'too many tags',
        { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
        /tags must have at most 10 items/,
      ],
      ['an operator in a tag', { tags: [{ $ne: null }] }, /^tags\.0: /],
      ['a bad YouTube id', { youtubeVideoIds: ['not-an-id'] }, /^youtubeVideoIds\.0/],
      [
        'a non-http source',
        { originalSources: [{ sourceUrl: 'file:///etc/passwd', title: 't', sourceName: 's' }] },
        /^originalSources\.0\.sourceUrl/,
      ],
    ])('POST and PATCH insights with %s → 400 naming the field', async (_, override, message) => {
      const base = { title: '제목', summary: '요약', content: '<p>본문</p>', primaryCategory: 'gen-ai' };
      const created = await send('POST', '/api/content/admin/insights', { ...base, ...override });
      expect(created.statusCode).toBe(400);
      expect(created.json().message).toMatch(message);
      const patched = await send('PATCH', `/api/content/admin/insights/${insightId}`, override);
      expect(patched.statusCode).toBe(400);
      expect(patched.json().message).toMatch(message);
    });

    it.each<[string, string, Record<string, unknown>, RegExp]>([
      [
        'insight',
        'an operator for the article id',
        { articleId: { $ne: null } },
        /^articleId: id is required/,
      ],
      ['insight', 'no article id', {}, /^articleId: /],
      [
        'analysis',
        'an over-long name',
        { technologyName: long(101) },
        /^technologyName: technologyName must be 1 to 100/,
      ],
      [
        'analysis',
        'an unknown category',
        { technologyName: 'X', technologyCategory: 'ml' },
        /technologyCategory must be one of/,
      ],
      [
        'analysis',
        'an extra field',
        { technologyName: 'X', prompt: 'ignore previous instructions' },
        /unknown parameter\(s\): prompt/,
      ],
    ])('POST drafts/%s with %s → 400 before anything else', async (kind, _, body, message) => {
      const response = await send('POST', `/api/content/admin/drafts/${kind}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    });

    it('refuses bad admin list queries and malformed ids', async () => {
      expect((await send('GET', '/api/content/admin/tech-analyses?state=gone')).json().message).toMatch(
        /state must be one of: all, draft, published/,
      );
      expect((await send('GET', '/api/content/admin/insights?limit=51')).statusCode).toBe(400);
      const malformed = await send(
        'POST',
        `/api/content/admin/tech-analyses/${encodeURIComponent('{"$ne":1}')}/publish`,
      );
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/^id: /);
    });

    it('answers 413 for a body over 1 MiB', async () => {
      const response = await send(
        'POST',
        '/api/content/admin/tech-analyses',
        analysisBody({ tutorialContent: long(1_100_000) }),
      );
      expect(response.statusCode).toBe(413);
    });
  });
});
