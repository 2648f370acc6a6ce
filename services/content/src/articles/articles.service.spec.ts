import {
  TOPICS,
  type ArticleDetailResponse,
  type ArticlePublishedPayload,
  type CategoryPageResponse,
  type EventEnvelope,
  type OffsetPageResponse,
  type RelatedArticlesResponse,
} from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import {
  startContentTestApp,
  testClock,
  translatedArticle,
  type ContentTestApp,
} from '../../testing/content-test-app';

const HOUR = 3_600_000;
const clock = testClock(Date.parse('2026-03-10T03:00:00.000Z')); // 12:00 in Seoul
const at = (hoursAgo: number) => new Date(clock.now() - hoursAgo * HOUR).toISOString();
const ids = (body: { articles: Array<{ id: string }> }) => body.articles.map((article) => article.id);

describe('content service: articles from article.translated', () => {
  let content: ContentTestApp;
  let publishedEvents: EventEnvelope[];

  beforeAll(async () => {
    content = await startContentTestApp({ clock });
    publishedEvents = await content.collect(TOPICS.articlePublished);
    // 14 news (newest n0), 3 insights, 1 analysis, 1 blockchain news with a legacy-free category.
    for (let i = 0; i < 14; i += 1) {
      await content.translated(
        translatedArticle({
          articleId: `n${i}`,
          translatedAt: at(i * 2),
          tags: i % 2 === 0 ? ['오픈AI', 'LLM'] : ['엔비디아'],
          imageUrl: i < 3 ? `https://images.example.com/n${i}.png` : null,
        }),
      );
    }
    for (let i = 0; i < 3; i += 1) {
      await content.translated(
        translatedArticle({
          articleId: `i${i}`,
          contentType: 'insight',
          keyInsights: ['첫째', '둘째', '셋째'],
          translatedAt: at(i),
        }),
      );
    }
    await content.translated(
      translatedArticle({
        articleId: 'b0',
        primaryCategory: 'blockchain',
        secondaryCategory: 'big-tech',
        tags: ['이더리움'],
        translatedAt: at(30 * 24),
      }),
    );
  }, 60_000);

  afterAll(() => content.close());

  it('lists news newest first, 12 a page, with hasMore', async () => {
    const first = await content.get<OffsetPageResponse>('/api/content/news');
    expect(first.status).toBe(200);
    expect(ids(first.body)).toEqual(Array.from({ length: 12 }, (_, i) => `n${i}`));
    expect(first.body.pagination.hasMore).toBe(true);
    const second = await content.get<OffsetPageResponse>('/api/content/news?limit=12&offset=12');
    expect(ids(second.body)).toEqual(['n12', 'n13', 'b0']);
    expect(second.body.pagination.hasMore).toBe(false);
    expect(first.body.articles[0]).not.toHaveProperty('content');
    expect(first.body.articles[0]).toMatchObject({
      type: 'news',
      category: 'gen-ai',
      translationStatus: 'translated',
    });
  });

  it.each([
    ['/api/content/news?offset=100001', 'offset: offset must be an integer from 0 to 10000'],
    ['/api/content/insights?offset=10001', 'offset: offset must be an integer from 0 to 10000'],
    ['/api/articles/category/gen-ai?page=1001', 'page: page must be an integer from 1 to 1000'],
  ])('refuses %s, past how deep the lists go, with 400 naming the field', async (url, message) => {
    const { status, body } = await content.get<{ message: string }>(url);
    expect(status).toBe(400);
    expect(body.message).toContain(message);
  });

  it('lists insights with their key insights, 6 a page', async () => {
    const { body } = await content.get<OffsetPageResponse>('/api/content/insights');
    expect(ids(body)).toEqual(['i0', 'i1', 'i2']);
    expect(body.articles[0].insightMeta).toEqual({
      keyInsights: ['첫째', '둘째', '셋째'],
      relatedIndustries: [],
    });
    expect(body.pagination.hasMore).toBe(false);
  });

  it('serves the detail with every seed field, and 404 / 400 for unknown and malformed ids', async () => {
    const { status, body } = await content.get<ArticleDetailResponse>('/api/articles/n0');
    expect(status).toBe(200);
    expect(body.article).toMatchObject({
      id: 'n0',
      content: expect.stringContaining('<p>'),
      originalArticle: { sourceUrl: 'https://openai.com/news/n0', sourceName: 'OpenAI Blog', author: null },
      tags: [
        { id: '오픈ai', name: '오픈AI', slug: '오픈ai' },
        { id: 'llm', name: 'LLM', slug: 'llm' },
      ],
      likesCount: 0,
      views: 0,
      hotScore: 0,
      techMeta: null,
    });
    const missing = await content.get<{ statusCode: number; message: string }>('/api/articles/nope');
    expect(missing).toMatchObject({ status: 404, body: { statusCode: 404, message: 'Article not found' } });
    const malformed = await content.get<{ message: string }>('/api/articles/a%20b');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^id: id must be/);
  });

  it('emits article.published once per article, with the reader URL', async () => {
    await eventually(() => expect(publishedEvents).toHaveLength(18), { timeoutMs: 10_000 });
    const insight = publishedEvents.find((event) => (event.payload as ArticlePublishedPayload).id === 'i0');
    expect(insight?.payload).toMatchObject({ type: 'insight', url: '/insights/i0', categories: ['gen-ai'] });
    const b0 = publishedEvents.find((event) => (event.payload as ArticlePublishedPayload).id === 'b0');
    expect(b0?.payload).toMatchObject({ categories: ['blockchain', 'big-tech'], tags: ['이더리움'] });
  });

  it('ignores a redelivered or older article.translated, and applies a newer one without losing counters', async () => {
    const before = publishedEvents.length;
    await content.translated(
      translatedArticle({ articleId: 'n1', translatedAt: at(2), title: '바뀌면 안 됨' }),
    );
    await content.translated(translatedArticle({ articleId: 'n1', translatedAt: at(50), title: '옛 번역' }));
    expect((await content.get<ArticleDetailResponse>('/api/articles/n1')).body.article.title).not.toMatch(
      /바뀌면|옛 번역/,
    );
    await content.send(
      TOPICS.trendingScoresUpdated,
      {
        computedAt: at(0),
        scores: [{ articleId: 'n1', hotScore: 150, viewsPerHour: 60, isHotTopic: true }],
      },
      'trending',
    );
    await content.translated(
      translatedArticle({ articleId: 'n1', translatedAt: at(1), title: '새 번역 제목' }),
    );
    const { article } = (await content.get<ArticleDetailResponse>('/api/articles/n1')).body;
    expect(article).toMatchObject({ title: '새 번역 제목', hotScore: 150, isHotTopic: true });
    await eventually(() => expect(publishedEvents).toHaveLength(before + 1), { timeoutMs: 10_000 });
  });

  it('applies trending batches in order and lists the hot tab by hotScore', async () => {
    await content.send(
      TOPICS.trendingScoresUpdated,
      {
        computedAt: at(0),
        scores: [
          { articleId: 'n3', hotScore: 300, viewsPerHour: 10, isHotTopic: true },
          { articleId: 'unknown-article', hotScore: 1, viewsPerHour: 1, isHotTopic: false },
        ],
      },
      'trending',
    );
    // An older batch arriving late changes nothing.
    await content.send(
      TOPICS.trendingScoresUpdated,
      {
        computedAt: at(5),
        scores: [{ articleId: 'n3', hotScore: 1, viewsPerHour: 0, isHotTopic: false }],
      },
      'trending',
    );
    const { body } = await content.get<OffsetPageResponse>('/api/content/news?hot=true');
    expect(ids(body)).toEqual(['n3', 'n1']);
  });

  it('keeps a held translation out of every list', async () => {
    await content.translated(
      translatedArticle({ articleId: 'held1', translationStatus: 'held', translatedAt: at(0) }),
    );
    expect((await content.get('/api/articles/held1')).status).toBe(404);
    expect(ids((await content.get<OffsetPageResponse>('/api/content/news')).body)).not.toContain('held1');
  });

  it('ranks related articles by shared tags, excluding the article itself', async () => {
    const { body } = await content.get<RelatedArticlesResponse>('/api/articles/related/n0');
    expect(body.articles).toHaveLength(6);
    expect(ids(body)).not.toContain('n0');
    // Every even n (and n1, re-translated with the default tags) shares both tags with n0; they come first.
    expect(
      ids(body)
        .slice(0, 5)
        .every((id) => /^n(1|2|4|6|8|10|12)$/.test(id) || id.startsWith('i')),
    ).toBe(true);
    expect((await content.get('/api/articles/related/nope')).status).toBe(404);
  });

  describe('category pages', () => {
    it('pages a category with sort and filter, counting the secondary category', async () => {
      const latest = await content.get<CategoryPageResponse>('/api/articles/category/gen-ai?page=1');
      expect(latest.body).toMatchObject({ currentPage: 1, totalPages: 2 });
      expect(latest.body.articles).toHaveLength(12);
      const oldest = await content.get<CategoryPageResponse>('/api/articles/category/gen-ai?sort=oldest');
      expect(oldest.body.articles[0].id).toBe('n13');
      const bigTech = await content.get<CategoryPageResponse>('/api/articles/category/big-tech');
      expect(ids(bigTech.body)).toEqual(['b0']);
      const withImage = await content.get<CategoryPageResponse>(
        '/api/articles/category/gen-ai?filter=with-image',
      );
      // n1 lost its image when re-translated without one.
      expect(ids(withImage.body)).toEqual(['n0', 'n2']);
      // 12:00 in Seoul: 'today' is since 00:00 Seoul, i.e. the last 12 hours.
      const today = await content.get<CategoryPageResponse>('/api/articles/category/gen-ai?filter=today');
      expect(ids(today.body).filter((id) => id.startsWith('n'))).toEqual([
        'n0',
        'n1',
        'n2',
        'n3',
        'n4',
        'n5',
        'n6',
      ]);
      const month = await content.get<CategoryPageResponse>('/api/articles/category/blockchain?filter=week');
      expect(month.body).toMatchObject({ articles: [], totalPages: 0 });
    });

    it('redirects a legacy or Korean name to the slug, keeping the query', async () => {
      const legacy = await content.inject({
        method: 'GET',
        url: '/api/articles/category/Gen%20AI?sort=views',
      });
      expect(legacy.statusCode).toBe(301);
      expect(legacy.headers.location).toBe('/api/articles/category/gen-ai?sort=views');
      const korean = await content.inject({
        method: 'GET',
        url: `/api/articles/category/${encodeURIComponent('블록체인')}`,
      });
      expect(korean.headers.location).toBe('/api/articles/category/blockchain');
    });

    it('answers 404 Category not found for an unknown slug, and 400 naming a bad parameter', async () => {
      const unknown = await content.get<{ message: string }>('/api/articles/category/nope');
      expect(unknown).toMatchObject({ status: 404, body: { message: 'Category not found' } });
      for (const name of ['constructor', 'Con-structor', 'toString', '__proto__', 'hasOwnProperty']) {
        const inherited = await content.get<{ message: string }>(`/api/articles/category/${name}`);
        expect({ name, ...inherited }).toMatchObject({
          name,
          status: 404,
          body: { message: 'Category not found' },
        });
      }
      const badSort = await content.get<{ message: string }>('/api/articles/category/gen-ai?sort=random');
      expect(badSort.status).toBe(400);
      expect(badSort.body.message).toContain('sort must be one of: latest, popular, views, oldest');
    });
  });
});
