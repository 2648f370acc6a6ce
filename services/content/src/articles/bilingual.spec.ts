import type { ArticleDetailResponse, OffsetPageResponse } from '@pulse/contracts';
import { startContentTestApp, translatedArticle, type ContentTestApp } from '../../testing/content-test-app';

const bilingualOf = async (content: ContentTestApp, id: string) =>
  (await content.get<ArticleDetailResponse>(`/api/articles/${id}`)).body.article.bilingual;

describe('content service: the bilingual view (원문 대조) of a translation', () => {
  let content: ContentTestApp;

  beforeAll(async () => {
    content = await startContentTestApp();
  });
  afterAll(() => content.close());

  it('stores the source paragraphs as plain text with the alignment, and serves them on the detail only', async () => {
    await content.translated(
      translatedArticle({
        articleId: 'bi-1',
        translatedAt: '2026-03-01T01:00:00.000Z',
        bilingual: {
          sourceParagraphs: ['OpenAI released a <b>model</b>.', 'It is &lt;script&gt;fast&lt;/script&gt;.'],
          pairs: [
            { korean: '오픈AI가 모델을 공개했다.', sources: [0] },
            { korean: '<i>빠르다</i>.', sources: [0, 1] },
          ],
        },
      }),
    );
    expect(await bilingualOf(content, 'bi-1')).toEqual({
      sourceParagraphs: ['OpenAI released a model.', 'It is fast.'],
      pairs: [
        { korean: '오픈AI가 모델을 공개했다.', sources: [0] },
        { korean: '빠르다.', sources: [0, 1] },
      ],
    });
    const list = await content.get<OffsetPageResponse>('/api/content/news');
    expect(list.body.articles.find((item) => item.id === 'bi-1')).not.toHaveProperty('bilingual');
  });

  it('clears the view when a re-translation brings none, so old pairs never sit beside new text', async () => {
    await content.translated(
      translatedArticle({ articleId: 'bi-1', translatedAt: '2026-03-01T02:00:00.000Z' }),
    );
    expect(await bilingualOf(content, 'bi-1')).toBeNull();
  });

  it('has none for an article translated before the view existed, or an English pending one', async () => {
    await content.translated(translatedArticle({ articleId: 'bi-2' }));
    expect(await bilingualOf(content, 'bi-2')).toBeNull();
    await content.translated(
      translatedArticle({
        articleId: 'bi-3',
        translationStatus: 'pending',
        model: null,
        usage: null,
        bilingual: { sourceParagraphs: ['Text.'], pairs: [{ korean: 'Text.', sources: [0] }] },
      }),
    );
    expect(await bilingualOf(content, 'bi-3')).toBeNull();
  });
});
