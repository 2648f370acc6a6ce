import type { ArticleFreshness } from '@pulse/contracts';
import { screen } from '@testing-library/react';
import { queryClient } from '../api';
import { articleApi, makeArticle, showArticle } from '../../testing/article-page';

beforeEach(() => {
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(() => {
  jest.restoreAllMocks();
});

const SOURCE = '2026-03-01T00:00:00.000Z';
const after = (ms: number) => new Date(Date.parse(SOURCE) + ms).toISOString();
const MINUTE = 60_000;

async function stampOf(freshness: Partial<ArticleFreshness>): Promise<HTMLElement | null> {
  articleApi(
    makeArticle({
      id: 'f1',
      freshness: {
        sourcePublishedAt: SOURCE,
        collectedAt: after(MINUTE),
        koreanPublishedAt: null,
        ...freshness,
      },
    }),
  );
  await showArticle('/read/f1');
  await screen.findByRole('heading', { level: 1, name: '기사 f1' });
  return screen.queryByTestId('freshness-stamp');
}

describe('freshness stamp', () => {
  it.each([
    [25 * MINUTE, '25분', 'PT25M'],
    [20 * 1000, '1분', 'PT1M'],
    [3 * 60 * MINUTE + 10 * MINUTE, '3시간', 'PT3H'],
    [50 * 60 * MINUTE, '2일', 'P2D'],
  ])('reads “원문 공개 후 N 만에 한국어로” for a delay of %i ms', async (delay, text, iso) => {
    const stamp = await stampOf({ koreanPublishedAt: after(delay) });
    expect(stamp).toHaveTextContent(new RegExp(`^원문 공개 후 ${text} 만에 한국어로$`));
    expect(stamp?.querySelector('time')).toHaveAttribute('dateTime', iso);
    // Inside the article's header meta, as text a screen reader reads (no aria-hidden on the way).
    expect(stamp?.closest('.article__meta')).toBeInTheDocument();
    expect(stamp).toBeVisible();
    expect(stamp?.closest('[aria-hidden="true"]')).toBeNull();
  });

  it.each([
    ['no Korean publication (an English pending article)', { koreanPublishedAt: null }],
    ['no source date', { sourcePublishedAt: null, koreanPublishedAt: after(MINUTE) }],
    ['a source date after ours', { koreanPublishedAt: after(-5 * MINUTE) }],
  ])('shows nothing with %s', async (_case, freshness) => {
    expect(await stampOf(freshness)).toBeNull();
  });
});
