import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Logger } from 'pino';
import type { InlineStyle, RemoteServerModules } from './remote-server-modules';

/** A page's markup for #root and the answers it was rendered with (the front end's query seed). */
export interface RenderedPage {
  html: string;
  /** The text of the query-seed data block, escaped for a <script> by the renderer. */
  queryData: string;
  /** Stylesheets the markup needs besides the shell's own: a rendered remote's (linked in the head). */
  stylesheets?: readonly string[];
  /** Or the same written into the head (remote-server-modules.ts inlineStyleOf), with its CSP hash. */
  inlineStyle?: InlineStyle;
  /**
   * What the page drawn says of itself (the front ends' usePageHead): 404 when it is a not-found page, a
   * path under a front end's routes that none of them serves. Absent from an older bundle: 200.
   */
  status?: number;
}

/**
 * The port through which the gateway gets a page rendered by the front end's own components
 * (ARCHITECTURE.md "The gateway's edge"). Undefined: this page is not server-rendered, and the document
 * carries its text in <noscript> for the browser's render to replace.
 */
export interface PageRenderer {
  render(url: string, readApi: (path: string) => Promise<unknown>): Promise<RenderedPage | undefined>;
}

/** The named fallback when no server bundle is built: every document is today's <noscript> one. */
export const NOSCRIPT_ONLY: PageRenderer = { render: () => Promise.resolve(undefined) };

/** What frontends/shell/dist/server/render.js exports (frontends/shell/src/server/render.tsx). */
interface ServerBundle {
  renderPage(input: {
    url: string;
    readApi: (path: string) => Promise<unknown>;
    remotes?: Record<string, unknown>;
  }): Promise<RenderedPage | undefined>;
  /** The remote mounted at a URL (its page needs that remote's server module). */
  remoteOf?(url: string): string | undefined;
  /** The libraries a remote's server bundle is linked to (remote-server-module.ts). */
  SHARED_MODULES?: Readonly<Record<string, unknown>>;
}

const isServerBundle = (value: unknown): value is ServerBundle =>
  typeof (value as Partial<ServerBundle> | null)?.renderPage === 'function';

/** A render taking longer gives the <noscript> document instead: the reader must not wait on it. */
export const SERVER_RENDER_TIMEOUT_MS = 2_000;

/**
 * The shell's server bundle, loaded at run time from the front ends' dist (the gateway imports no front-end
 * source) and loaded again when its file changes (a rebuild while the site runs). A remote's page is
 * rendered by it too, with that remote's server module (remote-server-modules.ts, from where the remote is
 * deployed). Without the file, without the remote's module, or when a render fails, the page falls back to
 * the <noscript> document.
 */
export class BundlePageRenderer implements PageRenderer {
  private loaded?: { mtimeMs: number; bundle: ServerBundle };

  constructor(
    private readonly bundleFile: string,
    private readonly logger: Logger,
    private readonly remotes?: RemoteServerModules,
  ) {}

  async render(url: string, readApi: (path: string) => Promise<unknown>): Promise<RenderedPage | undefined> {
    const bundle = this.bundle();
    if (!bundle) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        this.logger.warn(
          { url },
          `server render took over ${SERVER_RENDER_TIMEOUT_MS} ms; <noscript> document`,
        );
        resolve(undefined);
      }, SERVER_RENDER_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.renderWith(bundle, url, readApi), timeout]);
    } catch (error) {
      this.logger.error({ err: error, url }, 'server render failed; <noscript> document');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The shell's page, or a remote's inside the shell's layout when its server module loads. */
  private async renderWith(
    bundle: ServerBundle,
    url: string,
    readApi: (path: string) => Promise<unknown>,
  ): Promise<RenderedPage | undefined> {
    const remote = bundle.remoteOf?.(url);
    if (remote === undefined) return bundle.renderPage({ url, readApi });
    const loaded = bundle.SHARED_MODULES && (await this.remotes?.load(remote, bundle.SHARED_MODULES));
    if (!loaded) return undefined;
    const page = await bundle.renderPage({ url, readApi, remotes: { [remote]: loaded.module } });
    if (!page) return page;
    return loaded.inlineStyle
      ? { ...page, inlineStyle: loaded.inlineStyle }
      : { ...page, stylesheets: loaded.stylesheets };
  }

  private bundle(): ServerBundle | undefined {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.bundleFile).mtimeMs;
    } catch {
      return undefined; // not built: the <noscript> documents
    }
    if (this.loaded?.mtimeMs === mtimeMs) return this.loaded.bundle;
    const load = createRequire(this.bundleFile);
    delete load.cache[this.bundleFile];
    try {
      const bundle: unknown = load(this.bundleFile);
      if (!isServerBundle(bundle)) throw new Error('no renderPage export');
      this.loaded = { mtimeMs, bundle };
      return bundle;
    } catch (error) {
      this.logger.error(
        { err: error, file: this.bundleFile },
        'server bundle not loadable; <noscript> documents',
      );
      return undefined;
    }
  }
}
