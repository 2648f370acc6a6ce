import { buildPath, ENDPOINTS } from './endpoints';
import { NEWSLETTER_PAGE_PREFIX, SERVICE_HTTP_PREFIXES } from '../routing';

/** The prefixes the gateway routes to a service: its API prefixes, and the newsletter's pages. */
const routedPrefixes = (service: keyof typeof SERVICE_HTTP_PREFIXES): readonly string[] =>
  service === 'newsletter'
    ? [...SERVICE_HTTP_PREFIXES.newsletter, NEWSLETTER_PAGE_PREFIX]
    : SERVICE_HTTP_PREFIXES[service];

/** The seeds' §7 tables, copied here so the endpoint table is checked against them. */
const SEED_CALLS = [
  'GET /api/content/news',
  'GET /api/content/insights',
  'GET /api/tech-analysis',
  'GET /api/tech-analysis/:slug',
  'POST /api/tech-analysis/:id/like',
  'GET /api/trending/stats',
  'GET /api/trending/hot-topics',
  'GET /api/trending/popular',
  'GET /api/trending/rising',
  'GET /api/articles/:id',
  'GET /api/articles/related/:id',
  'GET /api/interactions/status/:id',
  'POST /api/articles/:id/view',
  'POST /api/interactions/like',
  'DELETE /api/interactions/unlike',
  'POST /api/articles/:id/share',
  'POST /api/articles/:id/generate-image',
  'GET /api/articles/category/:slug',
  'GET /api/articles/archive',
  'GET /api/articles/search',
  'GET /api/sidebar-data',
  'POST /api/subscribers',
  'POST /api/community/auth/anonymous',
  'GET /api/community/questions',
  'GET /api/community/questions/:id',
  'GET /api/community/questions/:id/answers',
  'POST /api/community/questions',
  'POST /api/community/questions/:id/answers',
  'POST /api/community/questions/:id/vote',
  'POST /api/community/answers/:id/vote',
  'POST /api/community/questions/:id/answers/:answerId/accept',
  'DELETE /api/community/questions/:id',
  'DELETE /api/community/answers/:id',
  'GET /api/community/articles/:id/comments',
];

const endpoints = Object.values(ENDPOINTS);
const calls = endpoints.map((e) => `${e.method} ${e.path}`);

describe('endpoint table (docs/design.md §7)', () => {
  it('covers every call in the seeds and marks it as from the seed', () => {
    for (const call of SEED_CALLS) {
      const endpoint = endpoints.find((e) => `${e.method} ${e.path}` === call);
      expect(endpoint?.origin).toMatch(/^docs\/spec-/);
    }
  });

  it('marks every other call as chosen, with no duplicates', () => {
    expect(new Set(calls).size).toBe(calls.length);
    const chosen = endpoints.filter((e) => !SEED_CALLS.includes(`${e.method} ${e.path}`));
    expect(chosen.every((e) => e.origin === 'chosen')).toBe(true);
  });

  it("keeps every path under /api, but for the newsletter's pages (links in mails)", () => {
    const outside = endpoints.filter((e) => !e.path.startsWith('/api/'));
    expect(outside.every((e) => e.path.startsWith(`${NEWSLETTER_PAGE_PREFIX}/`))).toBe(true);
  });
});

describe('buildPath', () => {
  it('fills and encodes parameters', () => {
    expect(buildPath(ENDPOINTS.acceptAnswer.path, { id: 'q 1', answerId: 'a/2' })).toBe(
      '/api/community/questions/q%201/answers/a%2F2/accept',
    );
    expect(buildPath(ENDPOINTS.categoryPage.path, { slug: '생성형 AI' })).toBe(
      '/api/articles/category/%EC%83%9D%EC%84%B1%ED%98%95%20AI',
    );
  });

  it('throws when a parameter is missing', () => {
    expect(() => buildPath(ENDPOINTS.article.path)).toThrow("missing parameter 'id'");
  });
});

describe('endpoint table and service prefixes', () => {
  it('sends every endpoint to a service that declares its path prefix', () => {
    for (const endpoint of endpoints) {
      const prefixes = routedPrefixes(endpoint.service);
      expect(
        prefixes.some((prefix) => endpoint.path === prefix || endpoint.path.startsWith(`${prefix}/`)),
      ).toBe(true);
    }
  });
});
