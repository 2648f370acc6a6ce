import { queryClient } from '../api';
import { articleApi, makeArticle, showArticle } from '../testing/article-page';
import { cleanup, click, get, queryAll, waitFor } from '../testing';

beforeEach(() => {
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const SOURCE = {
  sourceUrl: 'https://openai.com/news/model',
  title: 'OpenAI releases a model',
  author: null,
  sourceName: 'OpenAI Blog',
};
const BILINGUAL = {
  sourceParagraphs: ['OpenAI released a model.', '<img src=x onerror=alert(1)> It is fast.', 'Unused.'],
  pairs: [
    { korean: '오픈AI가 모델을 공개했다.', sources: [0] },
    { korean: '빠르다.', sources: [0, 1] },
  ],
};

async function show(overrides: Parameters<typeof makeArticle>[0]) {
  articleApi(makeArticle({ id: 'b1', content: '<p>본문 b1</p>', originalArticle: SOURCE, ...overrides }));
  await showArticle('/read/b1');
  await waitFor(() => get('h1#article-title'));
}

const toggle = () => queryAll('button').find((button) => button.textContent === '원문 대조');

describe('원문 대조 (bilingual view)', () => {
  it('is a toggle button that swaps the body for Korean beside English, with column headers', async () => {
    await show({ bilingual: BILINGUAL });
    const button = toggle()!;
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(get('.article__content').textContent).toBe('본문 b1');
    expect(queryAll('table.bilingual')).toHaveLength(0);

    await click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(
      document.getElementById(button.getAttribute('aria-controls')!)?.querySelector('table'),
    ).toBeTruthy();
    expect(queryAll('table.bilingual th[scope="col"]').map((th) => th.textContent)).toEqual([
      '한국어',
      '영어 원문',
    ]);
    const rows = queryAll('table.bilingual tbody tr').map((row) =>
      [...row.querySelectorAll('td')].map((cell) =>
        cell.querySelector('p')
          ? [...cell.querySelectorAll('p')].map((p) => p.textContent)
          : cell.textContent,
      ),
    );
    expect(rows).toEqual([
      ['오픈AI가 모델을 공개했다.', ['OpenAI released a model.']],
      ['빠르다.', ['OpenAI released a model.', '<img src=x onerror=alert(1)> It is fast.']],
    ]);
    // The English is quoted text in English, escaped: the feed's markup shows as characters, never as an element.
    expect(queryAll('table.bilingual img')).toHaveLength(0);
    expect(get('table.bilingual td[lang="en"] blockquote').getAttribute('cite')).toBe(SOURCE.sourceUrl);
    const link = get('.bilingual__source a');
    expect(link.getAttribute('href')).toBe(SOURCE.sourceUrl);
    expect(link.textContent).toBe(SOURCE.title);

    await click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(get('.article__content').textContent).toBe('본문 b1');
  });

  it('is not offered without a view (translated before it existed) or on an English pending article', async () => {
    await show({ bilingual: null });
    expect(toggle()).toBeUndefined();
    expect(get('.article__content').textContent).toBe('본문 b1');
    cleanup();
    queryClient.clear();
    await show({ bilingual: BILINGUAL, translationStatus: 'pending' });
    expect(toggle()).toBeUndefined();
  });
});
