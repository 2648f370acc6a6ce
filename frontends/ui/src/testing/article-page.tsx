// Fixtures and a mount for the article page's specs (frontends/ui/src/article). Not exported from src/index.ts.
import type { Article, ArticleListItem } from '@pulse/contracts';
import type { RenderResult } from '@testing-library/react';
import { useParams } from 'react-router-dom';
import { ArticleDetailPage, type ArticleRouteOptions } from '../article';
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
    translationStatus: 'translated',
    ...overrides,
  };
}

export function makeListItem(overrides: Partial<Article> = {}): ArticleListItem {
  const { content: _content, freshness: _freshness, bilingual: _bilingual, ...item } = makeArticle(overrides);
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
