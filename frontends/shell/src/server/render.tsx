import type { PageDescription, PageRead } from '@pulse/contracts/src/api/page-description';
import {
  ApiQueryClientContext,
  createServerQueryClient,
  describeArticle,
  describePage,
  PageHeadContext,
  serialiseQuerySeed,
  type PageDescriber,
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
import * as reactRouter from 'react-router';
import { App } from '../App';
import type { RemoteName } from '../config/remotes';
import { mountOf } from '../federation/remote-mounts';
import { ServerRemotesContext, type ServerRemotes } from '../federation/server-remotes';
import { documentUrl } from './document-url';
import { ServerReads } from './server-reads';
import { describeHome, describeShellList, describeStory } from './structured-data';

export { documentUrl };

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
  'react-router': reactRouter,
  '@tanstack/react-query': reactQuery,
};

/**
 * The shell's pages drawn in the browser only: the administration screens (a reader's token in
 * sessionStorage decides what they show) and the sources page (a clock). Their documents carry the head
 * and status the page names, drawn here once, without the markup.
 */
export const CLIENT_RENDERED_PATHS = [
  '/sources',
  '/admin',
  '/admin/translations',
  '/admin/comments',
  '/admin/sources',
  '/admin/authoring',
  '/admin/newsletter',
  '/admin/synonyms',
  '/admin/nicknames',
  '/admin/staff',
  '/admin/audit',
  '/admin/contact',
  '/analytics',
];

/** Renders after the answers of the last pass arrive; a page whose reads depend on answers needs a few. */
const MAX_PASSES = 3;

export interface ServerRenderInput {
  /** Path and query of the document. */
  url: string;
  /**
   * Answers a GET of an API path (/api/...) as the browser would get it anonymously; undefined when it
   * cannot (an error, a timeout): that part is then rendered loading and the browser fetches it.
   */
  readApi: (path: string) => Promise<PageRead | undefined>;
  /** The server modules of the remotes the page shows (remoteOf), loaded by the gateway from their dists. */
  remotes?: ServerRemotes;
  /** The configured site (PUBLIC_SITE_URL): canonical links and structured data name it. */
  siteUrl: string;
}

export interface ServerRenderOutput {
  /**
   * The markup of #root, for the browser to hydrate; absent for a page drawn in the browser only (its
   * document carries its head and status), and for a page of a missing item (the browser draws it again).
   */
  html?: string;
  /** The text of the query-seed data block (QUERY_SEED_ID), already escaped for a <script>; with `html`. */
  queryData?: string;
  /** What the page says of itself: status, head, structured data, cache policy (@pulse/contracts). */
  description: PageDescription;
}

const pathnameOf = (url: string) => new URL(url, 'http://pulse.invalid').pathname;

/** The remote mounted at the URL's path, whose server module a render of it needs. */
export function remoteOf(url: string): RemoteName | undefined {
  return mountOf(pathnameOf(url))?.remote;
}

/** Whether the page's markup goes into the document (else its head and status alone). */
export function isServerRendered(url: string, remotes: ServerRemotes = {}): boolean {
  const pathname = pathnameOf(url).replace(/(.)\/+$/, '$1');
  const remote = remoteOf(url);
  if (remote) return remotes[remote]?.rendersPath?.(pathname) ?? true;
  return !CLIENT_RENDERED_PATHS.includes(pathname);
}

/**
 * The shell's own describer: the home page's WebSite and latest news, an article's NewsArticle and
 * breadcrumb, a list page's and a story's ItemList.
 */
const describeShellPage: PageDescriber = (head, page) => {
  if (page.pathname === '/') return describeHome(page);
  if (page.pathname.startsWith('/story/')) return describeStory(page);
  return page.pathname.startsWith('/article/') ? describeArticle(head, page) : describeShellList(page);
};

function page(url: string, client: QueryClient, remotes: ServerRemotes, head?: PageHeadSink): ReactNode {
  return (
    <StrictMode>
      <reactRouter.StaticRouter location={url}>
        <ApiQueryClientContext.Provider value={client}>
          <ServerRemotesContext.Provider value={remotes}>
            <PageHeadContext.Provider value={head}>
              <App />
            </PageHeadContext.Provider>
          </ServerRemotesContext.Provider>
        </ApiQueryClientContext.Provider>
      </reactRouter.StaticRouter>
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

/** A pass's markup and the head it named, when it rendered whole. */
interface Pass {
  html: string;
  sink: PageHeadSink;
}

/**
 * One pass over the page: a synchronous render (the queries it creates are the reads still to answer),
 * kept when it rendered whole, so the pass after the last answers is the document's markup and no further
 * render is made. A part that suspended (a lazy chunk not loaded yet: the first reader after a start) or
 * failed is rendered again by discoverReads, which waits for the chunks and fails on a component's error.
 */
async function renderPass(
  url: string,
  client: QueryClient,
  remotes: ServerRemotes,
): Promise<Pass | undefined> {
  const sink: PageHeadSink = {};
  let html: string | undefined;
  try {
    html = renderToString(page(url, client, remotes, sink));
  } catch {
    html = undefined; // a component suspended or threw outside any boundary
  }
  if (html !== undefined && !html.includes(CLIENT_RENDERED_BOUNDARY)) return { html, sink };
  await discoverReads(url, client, remotes);
  return undefined;
}

/** React's mark of a Suspense boundary the server gave up on, for the browser to render. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The page's markup, data and description, or undefined when the page named no head (its data could not be
 * read: the gateway sends its generic document, for the browser to draw the page), or when the URL's page
 * is a remote's whose server module the gateway could not load. The reads are found by rendering (the
 * queries the components create in the request's client), answered, and rendered again while new ones
 * appear; the markup is then one synchronous render, complete and inline: a streamed one would finish late
 * Suspense boundaries with inline scripts, which the site's CSP (script-src 'self') refuses.
 */
export async function renderPage({
  url,
  readApi,
  remotes = {},
  siteUrl,
}: ServerRenderInput): Promise<ServerRenderOutput | undefined> {
  const remote = remoteOf(url);
  if (remote && !remotes[remote]) return undefined;
  const client = createServerQueryClient();
  const reads = new ServerReads(client);
  let last: Pass | undefined;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    last = await renderPass(url, client, remotes);
    if (!(await reads.answer(readApi))) break;
    last = undefined; // answers arrived after it: not the page as it is now
  }
  // The head the page names in this last, complete render is the document's (its status included). When
  // the last pass read nothing new, its render is that one: rendered again it gives the same bytes.
  const { html, sink } = last ?? { sink: {}, html: '' };
  const final = last ? html : renderToString(page(url, client, remotes, sink));
  if (final.includes(CLIENT_RENDERED_BOUNDARY))
    throw new Error(`server render of ${url} left a boundary unrendered`);
  const { head } = sink;
  if (!head) return undefined;
  const drawn = { pathname: pathnameOf(url), siteUrl, client };
  const describe = remote ? remotes[remote]?.describe : describeShellPage;
  const description = describePage(head, drawn, describe?.(head, drawn));
  // A page drawn from a missing item's error is not what the browser's first render shows (it has no seed
  // for errors): the browser draws it afresh.
  if (
    !isServerRendered(url, remotes) ||
    reads.sawMissing() ||
    (description.status !== 200 && description.status !== 404)
  )
    return { description };
  return { html: final, queryData: serialiseQuerySeed(client), description };
}
