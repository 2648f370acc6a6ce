import type { ArticleListItem } from '@pulse/contracts/src/api/content';
import type { StoryResponse } from '@pulse/contracts/src/api/stories';
import {
  describeList,
  itemPath,
  SITE_NAME,
  type PageExtras,
  type RenderedPageData,
} from '@pulse/frontend-ui';
import { LATEST_NEWS_PATH } from '../pages/home/LatestNews';

type ArticleList = { articles: readonly ArticleListItem[] };
const articlesOf = (answer: ArticleList) => answer.articles;

/** The site and its search, so search engines can offer a search box for it. */
const webSite = (siteUrl: string) => ({
  '@context': 'https://schema.org',
  '@type': 'WebSite',
  name: SITE_NAME,
  url: `${siteUrl}/`,
  inLanguage: 'ko-KR',
  potentialAction: {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${siteUrl}/search?q={search_term_string}` },
    'query-input': 'required name=search_term_string',
  },
});

/** The home page: the site with its search, and the latest news it lists (linked as its cards are). */
export function describeHome(page: RenderedPageData): PageExtras {
  const latest = describeList<ArticleList, ArticleListItem>(
    page,
    (read) => read === LATEST_NEWS_PATH,
    articlesOf,
    (article) => ({ path: itemPath('/news', article.id), name: article.title }),
  );
  return { jsonLd: [webSite(page.siteUrl), ...(latest?.jsonLd ?? [])] };
}

/** The shell's list pages, each by the API path its list reads; their cards link to /article/{id}. */
const SHELL_LISTS: ReadonlyArray<{ page: RegExp; reads: string }> = [
  { page: /^\/category\/[^/]+$/, reads: '/api/articles/category/' },
  { page: /^\/search$/, reads: '/api/articles/search?' },
  { page: /^\/archive$/, reads: '/api/articles/archive?' },
];

/** A category, search (a tag's included) or archive page: the ItemList of the page of results it shows. */
export function describeShellList(page: RenderedPageData): PageExtras | undefined {
  const list = SHELL_LISTS.find((each) => each.page.test(page.pathname));
  return (
    list &&
    describeList<ArticleList, ArticleListItem>(
      page,
      (read) => read.startsWith(list.reads),
      articlesOf,
      (article) => ({ path: itemPath('/article', article.id), name: article.title }),
    )
  );
}

/** A story's page: the ItemList of its articles, each once, in the timeline's order (newest first). */
export function describeStory(page: RenderedPageData): PageExtras | undefined {
  return describeList<StoryResponse, { path: string; name: string }>(
    page,
    (read) => read.startsWith('/api/stories/'),
    ({ story }) => {
      const seen = new Set<string>();
      return story.entries
        .filter((entry) => !seen.has(entry.articleId) && seen.add(entry.articleId))
        .map((entry) => ({ path: entry.articlePath, name: entry.title }));
    },
    (item) => item,
  );
}
