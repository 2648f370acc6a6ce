import { CATEGORY_DEFINITIONS, HOT_SCORE_THRESHOLD } from '@pulse/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
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

function render(props: Partial<Parameters<typeof ArticleCard>[0]> & { article?: ArticleCardData } = {}) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ArticleCard article={article} to="/news/a1" {...props} />
    </MemoryRouter>,
  );
}

describe('ArticleCard', () => {
  it('links to its target and shows date, category, title, summary and counts', () => {
    const html = render();
    expect(html).toContain('href="/news/a1"');
    expect(html).toContain('2024년 03월 05일');
    expect(html).toContain('생성형 AI');
    expect(html).toContain('<h3 class="article-card__title">오픈AI, 새 모델 공개</h3>');
    expect(html).toContain('aria-label="조회수 1,234"');
    expect(html).toContain('aria-label="좋아요 5"');
    expect(html).toContain('aria-label="공유 2"');
  });

  it('shows HOT strictly above hotScore 100', () => {
    expect(render()).toContain('>HOT<');
    expect(render({ article: { ...article, hotScore: 100 } })).not.toContain('>HOT<');
  });

  it('prioritises the image only when asked, and delays its entrance', () => {
    const first = render({ priority: true, delayMs: 300 });
    expect(first).toMatch(/loading="eager"/);
    expect(first).toMatch(/fetchPriority="high"|fetchpriority="high"/);
    expect(first).toContain('data-enter-step="3"');
    expect(first).not.toContain('style=');
    const later = render();
    expect(later).toContain('loading="lazy"');
  });

  it('shows the default image when the article has none', () => {
    const html = render({ article: { ...article, imageUrl: null } });
    expect(html).not.toContain('<img');
    expect(html).toContain('role="img" aria-label="생성형 AI 기본 이미지"');
  });

  it('keeps its constants equal to libs/contracts', () => {
    expect(UI_HOT).toBe(HOT_SCORE_THRESHOLD);
    for (const [slug, definition] of Object.entries(CATEGORY_DEFINITIONS)) {
      expect(CATEGORY_NAMES[slug as keyof typeof CATEGORY_NAMES]).toBe(definition.name);
    }
  });
});
