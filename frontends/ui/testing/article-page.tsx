// Fixtures and a mount for the article page's specs (frontends/ui/src/article). Not exported from src/index.ts.
import type { Article, ArticleListItem, Story, StoryEntry } from '@pulse/contracts';
import type { RenderResult } from '@testing-library/react';
import { useParams } from 'react-router';
import { ArticleDetailPage, type ArticleRouteOptions } from '../src/article';
import { installFetch, type FetchMock } from './fetch-mock';
import { renderAt } from './router';

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
    freshness: { sourcePublishedAt: null, collectedAt: null, koreanPublishedAt: null },
    bilingual: null,
    storyId: null,
    translationStatus: 'translated',
    ...overrides,
  };
}

export function makeListItem(overrides: Partial<Article> = {}): ArticleListItem {
  const {
    content: _content,
    freshness: _freshness,
    bilingual: _bilingual,
    storyId: _storyId,
    ...item
  } = makeArticle(overrides);
  return item;
}

/** A route of the test's own, so each slot is seen to be used (the real routes have thin specs of their own). */
export const TEST_ROUTE: ArticleRouteOptions = {
  backPath: '/list',
  tagHref: (tag) => `/tag-of/${tag.slug}`,
  relatedHref: (item) => `/read/${item.id}`,
  relatedThumb: 'default-image',
  sharePlatforms: ['facebook', 'twitter', 'telegram'],
  badges: (article) => <span className="badge test-badge">{article.type}</span>,
};

/** The calls every shown article makes, answered plainly; a spec adds or overrides what it looks at. */
export function articleApi(article: Article = makeArticle()): FetchMock {
  return installFetch()
    .on('GET', `/api/articles/${article.id}`, { body: { article } })
    .on('GET', /^\/api\/interactions\/status\//, { body: { liked: false } })
    .on('GET', /^\/api\/articles\/related\//, { body: { articles: [] } })
    .on('POST', /\/view$/, { body: { counted: true, views: 1 } });
}

export function showArticle(url = '/read/a1', route: Partial<ArticleRouteOptions> = {}): RenderResult {
  return renderAt(<Mounted route={{ ...TEST_ROUTE, ...route }} />, url, '/read/:id');
}

function Mounted({ route }: { route: ArticleRouteOptions }) {
  const { id } = useParams();
  return <ArticleDetailPage id={id} {...route} />;
}

/** A story of three sources over two articles, newest first, as GET /api/stories/{id} answers it. */
export function makeStory(overrides: Partial<Story> = {}): Story {
  const entry = (articleId: string, sourceName: string, publishedAt: string): StoryEntry => ({
    articleId,
    articleType: 'news',
    articlePath: `/news/${articleId}`,
    title: `기사 ${articleId}`,
    summary: `${articleId}의 요약`,
    sourceName,
    sourceUrl: `https://${sourceName.toLowerCase()}.example/${articleId}`,
    sourceTitle: `${sourceName} headline`,
    publishedAt,
  });
  return {
    id: 's1',
    title: '기사 a1',
    firstSeenAt: '2026-03-01T00:00:00.000Z',
    articleCount: 2,
    sourceCount: 3,
    entries: [
      entry('a2', 'Ledger', '2026-03-01T06:00:00.000Z'),
      entry('a1', 'Daily', '2026-03-01T03:00:00.000Z'),
      entry('a1', 'Wire', '2026-03-01T00:00:00.000Z'),
    ],
    ...overrides,
  };
}
