import {
  ApiQueryClientContext,
  createServerQueryClient,
  PageHeadContext,
  serialiseQuerySeed,
  type PageHead,
  type PageHeadSink,
} from '@pulse/frontend-ui';
import * as reactQuery from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import * as react from 'react';
import { StrictMode, type ReactNode } from 'react';
import * as reactDom from 'react-dom';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import * as jsxRuntime from 'react/jsx-runtime';
import { matchPath, StaticRouter } from 'react-router';
import * as reactRouterDom from 'react-router-dom';
import { App } from '../App';
import type { RemoteName } from '../config/remotes';
import { mountOf } from '../federation/remote-mounts';
import { ServerRemotesContext, type ServerRemotes } from '../federation/server-remotes';
import { ServerReads } from './server-reads';

/**
 * The shell's server render (ARCHITECTURE.md "The gateway's edge"): built by rspack.server.config.js into
 * dist/server/render.js, which the gateway loads at run time. It renders the same <App> the browser
 * hydrates, with the answers the page read embedded, so the first response already holds the page.
 */

/**
 * The libraries a remote's server bundle takes from this one, by the names it requires them under
 * (frontends/rspack.common.js SERVER_SHARED; the gateway links them): the instances this render uses, so a
 * remote's hooks run on this React and read this router's context.
 */
export const SHARED_MODULES: Readonly<Record<string, unknown>> = {
  react,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': reactDom,
  'react-router-dom': reactRouterDom,
  '@tanstack/react-query': reactQuery,
};

/**
 * The shell's own pages rendered here, besides the remotes' mounts whose server module the render is given
 * (remoteOf). Not the admin pages (a reader's token in sessionStorage decides what they show) or the
 * sources page (a clock).
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
  /** The server modules of the remotes the page shows (remoteOf), loaded by the gateway from their dists. */
  remotes?: ServerRemotes;
}

export interface ServerRenderOutput {
  /** The markup of #root. */
  html: string;
  /** The text of the query-seed data block (QUERY_SEED_ID), already escaped for a <script>. */
  queryData: string;
  /** 404 when the page drawn is a not-found page (a path no route of the shell or its remote serves). */
  status: 200 | 404;
  /** The head the drawn page named (usePageHead), when it named one. */
  head?: PageHead;
}

const pathnameOf = (url: string) => new URL(url, 'http://pulse.invalid').pathname;

/** The remote mounted at the URL's path, whose server module a render of it needs. */
export function remoteOf(url: string): RemoteName | undefined {
  return mountOf(pathnameOf(url))?.remote;
}

export function isServerRendered(url: string, remotes: ServerRemotes = {}): boolean {
  const pathname = pathnameOf(url);
  const remote = remoteOf(url);
  if (remote) {
    const module = remotes[remote];
    return module !== undefined && (module.rendersPath?.(pathname) ?? true);
  }
  return SERVER_RENDERED_PATHS.some((pattern) => matchPath(pattern, pathname) !== null);
}

function page(url: string, client: QueryClient, remotes: ServerRemotes, head?: PageHeadSink): ReactNode {
  return (
    <StrictMode>
      <StaticRouter location={url}>
        <ApiQueryClientContext.Provider value={client}>
          <ServerRemotesContext.Provider value={remotes}>
            <PageHeadContext.Provider value={head}>
              <App />
            </PageHeadContext.Provider>
          </ServerRemotesContext.Provider>
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
async function discoverReads(url: string, client: QueryClient, remotes: ServerRemotes): Promise<void> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(page(url, client, remotes), {
    onError: (error) => void errors.push(error),
  });
  await new Response(prelude).arrayBuffer();
  if (errors.length > 0) throw new AggregateError(errors, `server render of ${url} failed`);
}

/** React's mark of a Suspense boundary the server gave up on, for the browser to render. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The page's markup, data, status and head, or undefined when this bundle does not render the URL's page. The reads are
 * found by rendering (the queries the components create in the request's client), answered, and rendered
 * again while new ones appear; the markup is then one synchronous render, complete and inline: a streamed one would finish
 * late Suspense boundaries with inline scripts, which the site's CSP (script-src 'self') refuses.
 */
export async function renderPage({
  url,
  readApi,
  remotes = {},
}: ServerRenderInput): Promise<ServerRenderOutput | undefined> {
  if (!isServerRendered(url, remotes)) return undefined;
  const client = createServerQueryClient();
  const reads = new ServerReads(client);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    await discoverReads(url, client, remotes);
    if (!(await reads.answer(readApi))) break;
  }
  // The head the page names in this last, complete render is the document's (its status included).
  const sink: PageHeadSink = {};
  const html = renderToString(page(url, client, remotes, sink));
  if (html.includes(CLIENT_RENDERED_BOUNDARY))
    throw new Error(`server render of ${url} left a boundary unrendered`);
  const { head } = sink;
  return {
    html,
    queryData: serialiseQuerySeed(client),
    status: head?.status ?? 200,
    ...(head ? { head } : {}),
  };
}
