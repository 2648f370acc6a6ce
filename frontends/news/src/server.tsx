import type { ArticleListItem, OffsetPageResponse } from '@pulse/contracts/src/api/content';
import {
  describeArticle,
  describeList,
  itemPath,
  remoteServerApp,
  type PageDescriber,
} from '@pulse/frontend-ui';
import App from './App';

/**
 * The news remote's server bundle (rspack.server.config.js → dist/server/render.js): its App for the
 * shell's server render, which the gateway loads from where this remote is deployed (frontends/README.md
 * 'Server rendering'). Every page of the remote is rendered: the news and insights lists (their first
 * page) and an article of any section; /analysis, whose list is the tech-analysis remote's, moves there.
 */
export const ServerApp = remoteServerApp(App);

/** The news list reads its tab from the query; nothing else of the remote reads one. */
export const queryParameters = (pathname: string): readonly string[] => (pathname === '/news' ? ['tab'] : []);

/** The lists' first pages, by the API path each reads; their cards link inside the section. */
const LISTS: Readonly<Record<string, string>> = {
  '/news': '/api/content/news?',
  '/insights': '/api/content/insights?',
};

/**
 * An article of a section: NewsArticle, breadcrumb, Open Graph article block, its hero image preloaded. The
 * news and insights lists: the ItemList of the articles they show.
 */
export const describe: PageDescriber = (head, page) => {
  if (page.pathname.split('/').filter(Boolean).length === 2) return describeArticle(head, page);
  const reads = LISTS[page.pathname];
  if (reads === undefined) return undefined;
  return describeList<OffsetPageResponse, ArticleListItem>(
    page,
    (read) => read.startsWith(reads),
    (answer) => answer.articles,
    (article) => ({ path: itemPath(page.pathname, article.id), name: article.title }),
  );
};
