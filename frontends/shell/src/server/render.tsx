import { ApiQueryClientContext, createServerQueryClient, serialiseQuerySeed } from '@pulse/frontend-ui';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';
import { App } from '../App';
import { ServerReads } from './server-reads';

/**
 * The shell's server render (ARCHITECTURE.md 'HTML documents'): built by rspack.server.config.js into
 * dist/server/render.js, which the gateway loads at run time. It renders the same <App> the browser
 * hydrates, with the answers the page read embedded, so the first response already holds the page.
 */

/**
 * The shell's own pages rendered here. Not the remotes' mounts (their code is not in this bundle), nor the
 * admin pages (a reader's token in sessionStorage decides what they show) or the sources page (a clock).
 */
export const SERVER_RENDERED_PATHS = [
  '/',
  '/article/:id',
  '/category/:category',
  '/archive',
  '/search',
  '/tags/:slug',
  '/about',
  '/privacy',
  '/sitemap',
] as const;

/** Renders after the answers of the last pass arrive; a page whose reads depend on answers needs a few. */
const MAX_PASSES = 3;

export interface ServerRenderInput {
  /** Path and query of the document. */
  url: string;
  /**
   * Answers a GET of an API path (/api/...) as the browser would get it anonymously; undefined when it
   * cannot (an error, a timeout): that part is then rendered loading and the browser fetches it.
   */
  readApi: (path: string) => Promise<unknown>;
}

export interface ServerRenderOutput {
  /** The markup of #root. */
  html: string;
  /** The text of the query-seed data block (QUERY_SEED_ID), already escaped for a <script>. */
  queryData: string;
}

export function isServerRendered(url: string): boolean {
  const pathname = new URL(url, 'http://pulse.invalid').pathname;
  return SERVER_RENDERED_PATHS.some((pattern) => matchPath(pattern, pathname) !== null);
}

function page(url: string, client: QueryClient): ReactNode {
  return (
    <StrictMode>
      <StaticRouter location={url}>
        <ApiQueryClientContext.Provider value={client}>
          <App />
        </ApiQueryClientContext.Provider>
      </StaticRouter>
    </StrictMode>
  );
}

/**
 * A render that waits for every lazy page chunk, for the queries it creates; its markup is not kept. A
 * component that throws fails the render: React would leave that part to the browser (a client-rendered
 * boundary, a recoverable error at hydration), and the gateway sends its <noscript> document instead.
 */
async function discoverReads(url: string, client: QueryClient): Promise<void> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(page(url, client), { onError: (error) => void errors.push(error) });
  await new Response(prelude).arrayBuffer();
  if (errors.length > 0) throw new AggregateError(errors, `server render of ${url} failed`);
}

/** React's mark of a Suspense boundary the server gave up on, for the browser to render. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The page's markup and data, or undefined when this bundle does not render the URL's page. The reads are
 * found by rendering (the queries the components create in the request's client), answered, and rendered
 * again while new ones appear; the markup is then one synchronous render, complete and inline: a streamed one would finish
 * late Suspense boundaries with inline scripts, which the site's CSP (script-src 'self') refuses.
 */
export async function renderPage({
  url,
  readApi,
}: ServerRenderInput): Promise<ServerRenderOutput | undefined> {
  if (!isServerRendered(url)) return undefined;
  const client = createServerQueryClient();
  const reads = new ServerReads(client);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    await discoverReads(url, client);
    if (!(await reads.answer(readApi))) break;
  }
  const html = renderToString(page(url, client));
  if (html.includes(CLIENT_RENDERED_BOUNDARY))
    throw new Error(`server render of ${url} left a boundary unrendered`);
  return { html, queryData: serialiseQuerySeed(client) };
}
