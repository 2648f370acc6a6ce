import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '../api';
import { articleApi, makeArticle, showArticle } from '../../testing/article-page';

beforeEach(() => {
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(() => {
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
  showArticle('/read/b1');
  await screen.findByRole('heading', { level: 1, name: '기사 b1' });
}

const toggle = () => screen.queryByRole('button', { name: '원문 대조' });
// The sanitised body is markup from the content service in a bare <div>, found by its class.
const body = () => document.querySelector('.article__content');

describe('원문 대조 (bilingual view)', () => {
  it('is a toggle button that swaps the body for Korean beside English, with column headers', async () => {
    const user = userEvent.setup();
    await show({ bilingual: BILINGUAL });
    const button = toggle()!;
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(body()).toHaveTextContent(/^본문 b1$/);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    const table = screen.getByRole('table');
    expect(table).toHaveClass('bilingual');
    expect(document.getElementById(button.getAttribute('aria-controls')!)).toContainElement(table);
    expect(body()).not.toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => [th.textContent, th.getAttribute('scope')]),
    ).toEqual([
      ['한국어', 'col'],
      ['영어 원문', 'col'],
    ]);
    const [, ...bodyRows] = within(table).getAllByRole('row');
    const rows = bodyRows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) =>
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
    expect(within(table).queryByRole('img')).not.toBeInTheDocument();
    expect(table.querySelector('img')).toBeNull();
    expect(table.querySelector('td[lang="en"] blockquote')).toHaveAttribute('cite', SOURCE.sourceUrl);
    expect(screen.getByRole('link', { name: SOURCE.title })).toHaveAttribute('href', SOURCE.sourceUrl);
    expect(
      screen.getByRole('link', { name: SOURCE.title }).closest('.bilingual__source'),
    ).toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(body()).toHaveTextContent(/^본문 b1$/);
  });

  it('is not offered without a view (translated before it existed) or on an English pending article', async () => {
    await show({ bilingual: null });
    expect(toggle()).not.toBeInTheDocument();
    expect(body()).toHaveTextContent(/^본문 b1$/);
    cleanup();
    queryClient.clear();
    await show({ bilingual: BILINGUAL, translationStatus: 'pending' });
    expect(toggle()).not.toBeInTheDocument();
  });
});
