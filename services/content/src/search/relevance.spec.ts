import type { SearchPageResponse } from '@pulse/contracts';
import {
  startContentTestApp,
  testClock,
  translatedArticle,
  type ContentTestApp,
} from '../testing/content-test-app';
import { RELEVANCE_CORPUS } from './relevance/relevance-corpus';
import { RELEVANCE_QUERIES } from './relevance/relevance-queries';

/**
 * The Korean relevance suite (docs/design.md §6, issue 4): each query must rank its expected article in the top
 * three. Run end to end on the embedded engine: every article is published through article.translated,
 * indexed by the ArticleIndexer, and searched through GET /api/articles/search.
 */

const TOP = 3;
const clock = testClock();
const DAY = 86_400_000;
let app: ContentTestApp;
const top = new Map<string, string[]>();

beforeAll(async () => {
  app = await startContentTestApp({ clock });
  // Published together: each call resolves once the service has handled every event sent so far.
  await Promise.all(
    RELEVANCE_CORPUS.map((article) =>
      app.translated(
        translatedArticle({
          articleId: article.id,
          title: article.title,
          summary: article.summary,
          bodyHtml: article.paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join(''),
          tags: article.tags,
          primaryCategory: article.category,
          contentType: article.type,
          translatedAt: new Date(clock.value - article.daysAgo * DAY).toISOString(),
        }),
      ),
    ),
  );
  for (const { q } of RELEVANCE_QUERIES) {
    const { status, body } = await app.get<SearchPageResponse>(
      `/api/articles/search?q=${encodeURIComponent(q)}`,
    );
    if (status !== 200) throw new Error(`${q}: ${status} ${JSON.stringify(body)}`);
    top.set(
      q,
      body.articles.slice(0, TOP).map((article) => article.id),
    );
  }
}, 60_000);
afterAll(async () => {
  await app?.close();
});

describe(`Korean relevance: ${RELEVANCE_QUERIES.length} queries over ${RELEVANCE_CORPUS.length} articles`, () => {
  it('has a corpus and query set of the size the issue asks for', () => {
    expect(RELEVANCE_CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(RELEVANCE_QUERIES.length).toBeGreaterThanOrEqual(30);
    const ids = new Set(RELEVANCE_CORPUS.map((article) => article.id));
    expect(RELEVANCE_QUERIES.filter((query) => !ids.has(query.expected))).toEqual([]);
  });

  it.each(RELEVANCE_QUERIES)(`$kind: '$q' ranks $expected in the top ${TOP}`, ({ q, expected }) => {
    expect(top.get(q)).toContain(expected);
  });

  it(`hit rate in the top ${TOP} is 100 %`, () => {
    const hits = RELEVANCE_QUERIES.filter(({ q, expected }) => top.get(q)?.includes(expected));
    const misses = RELEVANCE_QUERIES.filter((query) => !hits.includes(query)).map(
      ({ q, expected }) => `${q} → ${top.get(q)?.join(', ')} (expected ${expected})`,
    );
    expect({ hits: hits.length, of: RELEVANCE_QUERIES.length, misses }).toEqual({
      hits: RELEVANCE_QUERIES.length,
      of: RELEVANCE_QUERIES.length,
      misses: [],
    });
  });
});
