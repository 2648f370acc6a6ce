import { CATEGORY_DEFINITIONS, HOT_SCORE_THRESHOLD } from '@pulse/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ArticleCard, type ArticleCardData } from './ArticleCard';
import { CATEGORY_NAMES, HOT_SCORE_THRESHOLD as UI_HOT } from './categories';

const article: ArticleCardData = {
  id: 'a1',
  title: '오픈AI, 새 모델 공개',
  summary: '요약입니다',
  imageUrl: 'https://img.example/a1.jpg',
  publishedAt: '2024-03-05T01:00:00Z',
  primaryCategory: 'gen-ai',
  views: 1234,
  likesCount: 5,
  sharesCount: 2,
  hotScore: 101,
};

function show(props: Partial<Parameters<typeof ArticleCard>[0]> & { article?: ArticleCardData } = {}) {
  const { unmount } = render(
    <MemoryRouter>
      <ArticleCard article={article} to="/news/a1" {...props} />
    </MemoryRouter>,
  );
  return { card: screen.getByRole('article'), unmount };
}

describe('ArticleCard', () => {
  it('links to its target and shows date, category, title, summary and counts', () => {
    const { card } = show();
    expect(within(card).getByRole('link', { name: /오픈AI, 새 모델 공개/ })).toHaveAttribute(
      'href',
      '/news/a1',
    );
    expect(card).toHaveTextContent('2024년 03월 05일');
    expect(within(card).getByText('생성형 AI')).toHaveClass('badge--category');
    const title = within(card).getByRole('heading', { level: 3, name: '오픈AI, 새 모델 공개' });
    expect(title).toHaveClass('article-card__title');
    expect(title.textContent).toBe('오픈AI, 새 모델 공개');
    expect(within(card).getByText('요약입니다')).toHaveClass('article-card__summary');
    expect(within(card).getByLabelText('조회수 1,234')).toBeInTheDocument();
    expect(within(card).getByLabelText('좋아요 5')).toBeInTheDocument();
    expect(within(card).getByLabelText('공유 2')).toBeInTheDocument();
  });

  it('shows HOT strictly above hotScore 100', () => {
    const hot = show();
    expect(within(hot.card).getByText('HOT')).toHaveClass('badge--hot');
    hot.unmount();
    const { card } = show({ article: { ...article, hotScore: 100 } });
    expect(within(card).queryByText('HOT')).not.toBeInTheDocument();
  });

  it('prioritises the image only when asked, and delays its entrance', () => {
    const first = show({ priority: true, delayMs: 300 });
    const image = first.card.querySelector('img');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(first.card).toHaveAttribute('data-enter-step', '3');
    expect(first.card.querySelector('[style]')).toBeNull();
    expect(first.card).not.toHaveAttribute('style');
    first.unmount();
    const later = show();
    expect(later.card.querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  it('shows the default image when the article has none', () => {
    const { card } = show({ article: { ...article, imageUrl: null } });
    expect(card.querySelector('img')).toBeNull();
    expect(within(card).getByRole('img', { name: '생성형 AI 기본 이미지' })).toHaveAttribute('role', 'img');
  });

  it('keeps its constants equal to libs/contracts', () => {
    expect(UI_HOT).toBe(HOT_SCORE_THRESHOLD);
    for (const [slug, definition] of Object.entries(CATEGORY_DEFINITIONS)) {
      expect(CATEGORY_NAMES[slug as keyof typeof CATEGORY_NAMES]).toBe(definition.name);
    }
  });
});
