import type { ArticleDetailResponse, OffsetPageResponse } from '@pulse/contracts';
import { startContentTestApp, translatedArticle, type ContentTestApp } from '../../testing/content-test-app';

const source = (publishedAt: string | null) => ({
  sourceId: 'openai-blog',
  sourceName: 'OpenAI Blog',
  url: 'https://openai.com/news/fresh',
  canonicalUrl: 'https://openai.com/news/fresh',
  title: 'OpenAI releases a new reasoning model',
  author: null,
  publishedAt,
});

const freshnessOf = async (content: ContentTestApp, id: string) =>
  (await content.get<ArticleDetailResponse>(`/api/articles/${id}`)).body.article.freshness;

describe('content service: freshness times of an article', () => {
  let content: ContentTestApp;

  beforeAll(async () => {
    content = await startContentTestApp();
  });
  afterAll(() => content.close());

  it('serves when the source published, when it was fetched and when the Korean version went live, in UTC', async () => {
    await content.translated(
      translatedArticle({
        articleId: 'fresh-1',
        sources: [source('2026-03-01T09:00:00+09:00')],
        collectedAt: '2026-03-01T00:05:00.000Z',
        translatedAt: '2026-03-01T00:20:00.000Z',
      }),
    );
    expect(await freshnessOf(content, 'fresh-1')).toEqual({
      sourcePublishedAt: '2026-03-01T00:00:00.000Z',
      collectedAt: '2026-03-01T00:05:00.000Z',
      koreanPublishedAt: '2026-03-01T00:20:00.000Z',
    });
    const list = await content.get<OffsetPageResponse>('/api/content/news');
    // Cards show no stamp: lists leave the times out.
    expect(list.body.articles.find((item) => item.id === 'fresh-1')).not.toHaveProperty('freshness');
  });

  it('keeps the first Korean publication and the fetch time through a re-translation that lacks it', async () => {
    await content.translated(
      translatedArticle({
        articleId: 'fresh-1',
        sources: [source(null)],
        translatedAt: '2026-03-01T05:00:00.000Z',
      }),
    );
    expect(await freshnessOf(content, 'fresh-1')).toEqual({
      sourcePublishedAt: null,
      collectedAt: '2026-03-01T00:05:00.000Z',
      koreanPublishedAt: '2026-03-01T00:20:00.000Z',
    });
  });

  it('counts an English pending stand-in or a held translation as no Korean publication, until a translation goes live', async () => {
    await content.translated(
      translatedArticle({
        articleId: 'fresh-2',
        translationStatus: 'pending',
        model: null,
        usage: null,
        translatedAt: '2026-03-01T01:00:00.000Z',
      }),
    );
    expect((await freshnessOf(content, 'fresh-2')).koreanPublishedAt).toBeNull();
    await content.translated(
      translatedArticle({ articleId: 'fresh-2', translatedAt: '2026-03-01T03:00:00.000Z' }),
    );
    expect((await freshnessOf(content, 'fresh-2')).koreanPublishedAt).toBe('2026-03-01T03:00:00.000Z');

    await content.translated(
      translatedArticle({
        articleId: 'fresh-3',
        translationStatus: 'held',
        translatedAt: '2026-03-01T01:00:00.000Z',
      }),
    );
    await content.translated(
      translatedArticle({ articleId: 'fresh-3', translatedAt: '2026-03-01T04:00:00.000Z' }),
    );
    expect((await freshnessOf(content, 'fresh-3')).koreanPublishedAt).toBe('2026-03-01T04:00:00.000Z');
  });
});
