// Articles shaped like the content service's answers (libs/contracts), for component tests only.
import type { Article, ArticleListItem } from '@pulse/contracts';

export function article(overrides: Partial<Article> = {}): Article {
  const id = overrides.id ?? 'a1';
  return {
    id,
    type: 'news',
    title: `오픈AI, 새 추론 모델 공개 (${id})`,
    summary: '오픈AI가 수학과 코딩에서 성능을 높인 새 추론 모델을 공개했다.',
    content: '<p>본문 첫 문단입니다.</p><p>둘째 문단입니다.</p>',
    imageUrl: `https://img.example/${id}.jpg`,
    publishedAt: '2024-03-05T01:00:00.000Z',
    updatedAt: '2024-03-05T01:00:00.000Z',
    primaryCategory: 'gen-ai',
    secondaryCategory: 'big-tech',
    category: 'gen-ai',
    tags: [{ id: 't1', name: '오픈AI', slug: '오픈ai' }],
    youtubeVideos: [],
    originalArticle: {
      sourceUrl: 'https://source.example/story',
      title: 'OpenAI ships a model',
      author: 'Kim',
    },
    originalSources: [],
    likesCount: 3,
    sharesCount: 1,
    views: 120,
    hotScore: 42,
    viewsPerHour: 5,
    isHotTopic: false,
    snsShareCount: 1,
    techMeta: null,
    insightMeta: null,
    freshness: { sourcePublishedAt: null, collectedAt: null, koreanPublishedAt: null },
    bilingual: null,
    storyId: null,
    translationStatus: 'translated',
    ...overrides,
  };
}

export function listItem(overrides: Partial<ArticleListItem> = {}): ArticleListItem {
  const {
    content: _content,
    freshness: _freshness,
    bilingual: _bilingual,
    storyId,
    ...item
  } = article(overrides);
  return storyId ? { ...item, storyId } : item;
}

export const listItems = (count: number, prefix = 'n'): ArticleListItem[] =>
  Array.from({ length: count }, (_, i) =>
    listItem({ id: `${prefix}${i + 1}`, hotScore: i === 0 ? 150 : 10 }),
  );
