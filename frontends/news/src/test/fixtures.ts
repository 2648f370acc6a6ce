import type { Article, ArticleListItem } from '@pulse/contracts';

/** A complete article as the content service sends it; tests override what they look at. */
export function makeArticle(overrides: Partial<Article> = {}): Article {
  const id = overrides.id ?? 'a1';
  return {
    id,
    type: 'news',
    title: `기사 ${id}`,
    summary: `요약 ${id}`,
    content: `<p>본문 ${id}</p>`,
    imageUrl: `https://img.example/${id}.jpg`,
    publishedAt: '2025-03-04T01:00:00.000Z',
    updatedAt: '2025-03-04T01:00:00.000Z',
    primaryCategory: 'gen-ai',
    secondaryCategory: null,
    category: 'gen-ai',
    tags: [],
    youtubeVideos: [],
    originalArticle: null,
    originalSources: [],
    likesCount: 3,
    sharesCount: 1,
    views: 1234,
    hotScore: 10,
    viewsPerHour: 0,
    isHotTopic: false,
    snsShareCount: 0,
    techMeta: null,
    insightMeta: null,
    translationStatus: 'translated',
    ...overrides,
  };
}

export function makeListItem(overrides: Partial<Article> = {}): ArticleListItem {
  const { content: _content, ...item } = makeArticle(overrides);
  return item;
}

/** `count` list items with ids `${prefix}1`…, e.g. a page of the news list. */
export const listItems = (
  prefix: string,
  count: number,
  overrides: Partial<Article> = {},
): ArticleListItem[] =>
  Array.from({ length: count }, (_, i) => makeListItem({ id: `${prefix}${i + 1}`, ...overrides }));
