import type { TrendingArticle, TrendingListResponse } from '@pulse/contracts';
import { describeList, itemPath, remoteServerApp, type PageDescriber } from '@pulse/frontend-ui';
import App from './App';

/**
 * The trending remote's server bundle (rspack.server.config.js → dist/server/render.js): its App for the
 * shell's server render, which the gateway loads from where this remote is deployed (frontends/README.md
 * 'Server rendering').
 */
export const ServerApp = remoteServerApp(App);

/** The trending page's tab, period and content type are in its query. */
export const queryParameters = (pathname: string): readonly string[] =>
  pathname === '/trending' ? ['tab', 'period', 'type'] : [];

/** The ranking the page shows (hot topics, popular or rising: the one list it read besides the stats). */
export const describe: PageDescriber = (_head, page) =>
  page.pathname === '/trending'
    ? describeList<TrendingListResponse, TrendingArticle>(
        page,
        (read) => read.startsWith('/api/trending/') && !read.startsWith('/api/trending/stats'),
        (answer) => answer.articles,
        (article) => ({ path: itemPath('/article', article.id), name: article.title }),
      )
    : undefined;
