import { remoteServerApp } from '@pulse/frontend-ui';
import App from './App';

/**
 * The qa remote's server bundle (rspack.server.config.js → dist/server/render.js): its App for the shell's
 * server render, which the gateway loads from where this remote is deployed (frontends/README.md 'Server
 * rendering'). Every page of the remote is rendered: the question list (its first page, with the filters
 * in the URL), the ask form (empty: the reader's identity is read after hydration), a question, and the
 * not-found page of an unknown path, which makes the document a 404.
 */
export const ServerApp = remoteServerApp(App);

/** The query parameters each page reads: the list's filters, the ask form's article. */
export const queryParameters = (pathname: string): readonly string[] =>
  pathname === '/community/qa'
    ? ['q', 'category', 'sort']
    : pathname === '/community/qa/ask'
      ? ['articleId']
      : [];

/** A question's QAPage and Open Graph article block (structured-data.ts). */
export { describeQuestion as describe } from './structured-data';
