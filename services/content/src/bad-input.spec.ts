import { ENDPOINTS, type EndpointSpec } from '@pulse/contracts';
import { startContentTestApp, translatedArticle, type ContentTestApp } from '../testing/content-test-app';

/**
 * A bad-input suite over every content endpoint, taken from the shared
 * ENDPOINTS table so a new endpoint is covered without editing this file. Whatever the input — wrong
 * types, huge values, operator injection, over-long strings, hostile path parameters — the answer is a
 * 4xx in the common error shape, never a 500, and nothing is written for a rejected request.
 */

const CONTENT_ENDPOINTS = Object.entries(ENDPOINTS as Record<string, EndpointSpec>).filter(
  ([, spec]) => spec.service === 'content',
);

const LONG = 'ㄱ'.repeat(5_000);
const PATH_VALUES = [
  '%24ne',
  '%7B%22%24ne%22%3Anull%7D',
  encodeURIComponent(LONG),
  '..%2F..%2Fetc',
  '%00',
  'a%20b',
];
const QUERIES = [
  'page=-1',
  'page=1e9999',
  'page=abc',
  'page=99999999999999999999',
  'limit=100000',
  'offset=-5',
  'sort=%24natural',
  'page[$ne]=null',
  'q[$ne]=null',
  `q=${encodeURIComponent(LONG)}`,
  'category=%7B%22%24ne%22%3Anull%7D',
  'unknown=1',
  'page=1&page=2',
];
const BODIES: unknown[] = [
  { contentId: { $ne: null }, contentType: 'article' },
  { contentId: ['a', 'b'], contentType: 'article' },
  { contentId: LONG, contentType: 'article' },
  { platform: { $gt: '' } },
  { platform: 'myspace' },
  { $where: 'sleep(1000)' },
  'not json at all',
  [1, 2, 3],
  null,
];

const fill = (path: string, value: string) => path.replace(/:[A-Za-z]+/g, value);

/** Each case loops over a dozen hostile inputs; on a busy machine that outlasts Jest's 5 s. */
const LOOP_MS = 30_000;

describe('content: bad input on every endpoint', () => {
  let content: ContentTestApp;

  beforeAll(async () => {
    content = await startContentTestApp();
    await content.translated(translatedArticle({ articleId: 'known' }));
  }, 30_000);
  afterAll(() => content.close());

  const expectClientError = (
    what: string,
    response: { statusCode: number; body: string; headers: Record<string, unknown> },
  ) => {
    const summary = `${what} → ${response.statusCode} ${response.body.slice(0, 200)}`;
    expect({ summary, serverError: response.statusCode >= 500 }).toEqual({ summary, serverError: false });
    if (response.statusCode >= 400 && String(response.headers['content-type']).includes('json')) {
      const body = JSON.parse(response.body) as Record<string, unknown>;
      expect({ summary, keys: Object.keys(body).sort() }).toEqual({
        summary,
        keys: ['error', 'message', 'statusCode'],
      });
    }
  };

  it.each(CONTENT_ENDPOINTS)(
    '%s: hostile path parameters',
    async (_name, spec) => {
      if (!spec.path.includes(':')) return;
      for (const value of PATH_VALUES) {
        const url = fill(spec.path, value);
        const response = await content.inject({
          method: spec.method,
          url,
          payload: spec.method === 'GET' ? undefined : {},
        });
        expectClientError(`${spec.method} ${url.slice(0, 80)}`, response);
      }
    },
    LOOP_MS,
  );

  it.each(CONTENT_ENDPOINTS)(
    '%s: hostile query strings',
    async (_name, spec) => {
      for (const query of QUERIES) {
        const url = `${fill(spec.path, 'known')}?${query}`;
        const response = await content.inject({
          method: spec.method,
          url,
          payload: spec.method === 'GET' ? undefined : {},
        });
        expectClientError(`${spec.method} ${url.slice(0, 80)}`, response);
      }
    },
    LOOP_MS,
  );

  it.each(CONTENT_ENDPOINTS.filter(([, spec]) => spec.method !== 'GET'))(
    '%s: hostile bodies',
    async (_name, spec) => {
      for (const body of BODIES) {
        const payload = typeof body === 'string' ? body : JSON.stringify(body);
        const response = await content.inject({
          method: spec.method,
          url: fill(spec.path, 'known'),
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expectClientError(`${spec.method} ${spec.path} ${payload.slice(0, 60)}`, response);
      }
    },
    LOOP_MS,
  );

  it('rejects operator injection in like bodies with a 400 naming the field, and writes nothing', async () => {
    const response = await content.inject({
      method: 'POST',
      url: '/api/interactions/like',
      payload: { contentId: { $ne: null }, contentType: 'article' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^contentId/);
    const article = await content.get<{ article: { likesCount: number } }>('/api/articles/known');
    expect(article.body.article.likesCount).toBe(0);
  });
});
