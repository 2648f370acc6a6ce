import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PageDescription, PageRead } from '@pulse/contracts';
import type { Logger } from 'pino';
import type { InlineStyle, RemoteServerModules } from '../remotes/remote-server-modules';

/** A page as the front end's server bundle rendered and described it. */
export interface RenderedPage {
  /** The markup for #root, to hydrate; absent for a page the browser draws (its head and status still apply). */
  html?: string;
  /** The text of the query-seed data block, with `html`. */
  queryData?: string;
  /** Stylesheets the markup needs besides the shell's own: a rendered remote's (linked in the head). */
  stylesheets?: readonly string[];
  /** Or the same written into the head (remote-server-modules.ts inlineStyleOf), with its CSP hash. */
  inlineStyle?: InlineStyle;
  /** What the page says of itself: status, head, structured data, cache policy and tags. */
  description: PageDescription;
}

export type ReadApi = (path: string) => Promise<PageRead | undefined>;

/**
 * The port through which the gateway gets a page rendered and described by the front end that draws it
 * (ARCHITECTURE.md "The gateway's edge"). Undefined: the page could not be rendered (no bundle, a failure,
 * a page that could not name itself), and the gateway sends its generic document.
 */
export interface PageRenderer {
  /** The URL a document is keyed on and rendered from: the path and the query parameters its page reads. */
  documentUrl(url: string): Promise<string>;
  render(url: string, readApi: ReadApi, siteUrl: string): Promise<RenderedPage | undefined>;
}

/** What frontends/shell/dist/server/render.js exports (frontends/shell/src/server/render.tsx). */
interface ServerBundle {
  renderPage(input: {
    url: string;
    readApi: ReadApi;
    siteUrl: string;
    remotes?: Record<string, unknown>;
  }): Promise<Omit<RenderedPage, 'stylesheets' | 'inlineStyle'> | undefined>;
  /** The remote mounted at a URL (its page needs that remote's server module). */
  remoteOf?(url: string): string | undefined;
  documentUrl?(url: string, remotes?: Record<string, unknown>): string;
  /** The libraries a remote's server bundle is linked to (remote-server-module.ts). */
  SHARED_MODULES?: Readonly<Record<string, unknown>>;
}

const isServerBundle = (value: unknown): value is ServerBundle =>
  typeof (value as Partial<ServerBundle> | null)?.renderPage === 'function';

/** A render taking longer gives the generic document instead: the reader must not wait on it. */
export const SERVER_RENDER_TIMEOUT_MS = 2_000;
/** How often the bundle's file is looked at for a rebuild: not on every request of a held document. */
const BUNDLE_RECHECK_MS = 1_000;

/**
 * The shell's server bundle, loaded at run time from the front ends' dist (the gateway imports no front-end
 * source) and loaded again when its file changes (a rebuild while the site runs). A remote's page is
 * rendered by it too, with that remote's server module (remote-server-modules.ts, from where the remote is
 * deployed), which also describes the remote's pages and names the query parameters they read.
 */
export class BundlePageRenderer implements PageRenderer {
  private loaded?: { mtimeMs: number; bundle: ServerBundle | undefined; checkedAt: number };

  constructor(
    private readonly bundleFile: string,
    private readonly logger: Logger,
    private readonly remotes?: RemoteServerModules,
    private readonly now: () => number = Date.now,
  ) {}

  async documentUrl(url: string): Promise<string> {
    const bundle = this.bundle();
    if (!bundle?.documentUrl) return url.split('?')[0];
    // Only a query needs the remote's own list of the parameters its page reads.
    if (!url.includes('?')) return bundle.documentUrl(url);
    const remote = bundle.remoteOf?.(url);
    const loaded = remote === undefined ? undefined : await this.remoteModule(bundle, remote);
    return bundle.documentUrl(url, loaded && remote ? { [remote]: loaded.module } : {});
  }

  async render(url: string, readApi: ReadApi, siteUrl: string): Promise<RenderedPage | undefined> {
    const bundle = this.bundle();
    if (!bundle) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        this.logger.warn({ url }, `server render took over ${SERVER_RENDER_TIMEOUT_MS} ms; generic document`);
        resolve(undefined);
      }, SERVER_RENDER_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.renderWith(bundle, url, readApi, siteUrl), timeout]);
    } catch (error) {
      this.logger.error({ err: error, url }, 'server render failed; generic document');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The shell's page, or a remote's inside the shell's layout when its server module loads. */
  private async renderWith(
    bundle: ServerBundle,
    url: string,
    readApi: ReadApi,
    siteUrl: string,
  ): Promise<RenderedPage | undefined> {
    const remote = bundle.remoteOf?.(url);
    if (remote === undefined) return bundle.renderPage({ url, readApi, siteUrl });
    const loaded = await this.remoteModule(bundle, remote);
    if (!loaded) return undefined;
    const page = await bundle.renderPage({ url, readApi, siteUrl, remotes: { [remote]: loaded.module } });
    if (!page?.html) return page;
    return loaded.inlineStyle
      ? { ...page, inlineStyle: loaded.inlineStyle }
      : { ...page, stylesheets: loaded.stylesheets };
  }

  private async remoteModule(bundle: ServerBundle, remote: string) {
    return bundle.SHARED_MODULES ? this.remotes?.load(remote, bundle.SHARED_MODULES) : undefined;
  }

  private bundle(): ServerBundle | undefined {
    const at = this.now();
    if (this.loaded && at - this.loaded.checkedAt < BUNDLE_RECHECK_MS) return this.loaded.bundle;
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.bundleFile).mtimeMs;
    } catch {
      this.loaded = undefined;
      return undefined; // not built: the generic documents
    }
    if (this.loaded?.mtimeMs === mtimeMs) {
      this.loaded.checkedAt = at;
      return this.loaded.bundle;
    }
    const load = createRequire(this.bundleFile);
    delete load.cache[this.bundleFile];
    let bundle: ServerBundle | undefined;
    try {
      const exported: unknown = load(this.bundleFile);
      if (!isServerBundle(exported)) throw new Error('no renderPage export');
      bundle = exported;
    } catch (error) {
      this.logger.error(
        { err: error, file: this.bundleFile },
        'server bundle not loadable; generic documents',
      );
    }
    this.loaded = { mtimeMs, bundle, checkedAt: at };
    return bundle;
  }
}
