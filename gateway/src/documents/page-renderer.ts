import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Logger } from 'pino';

/** A page's markup for #root and the answers it was rendered with (the front end's query seed). */
export interface RenderedPage {
  html: string;
  /** The text of the query-seed data block, escaped for a <script> by the renderer. */
  queryData: string;
}

/**
 * The port through which the gateway gets a page rendered by the front end's own components
 * (ARCHITECTURE.md 'HTML documents'). Undefined: this page is not server-rendered, and the document
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
  }): Promise<RenderedPage | undefined>;
}

const isServerBundle = (value: unknown): value is ServerBundle =>
  typeof (value as Partial<ServerBundle> | null)?.renderPage === 'function';

/** A render taking longer gives the <noscript> document instead: the reader must not wait on it. */
export const SERVER_RENDER_TIMEOUT_MS = 2_000;

/**
 * The shell's server bundle, loaded at run time from the front ends' dist (the gateway imports no front-end
 * source) and loaded again when its file changes (a rebuild while the site runs). Without the file, or when
 * a render fails, the page falls back to the <noscript> document.
 */
export class BundlePageRenderer implements PageRenderer {
  private loaded?: { mtimeMs: number; bundle: ServerBundle };

  constructor(
    private readonly bundleFile: string,
    private readonly logger: Logger,
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
      return await Promise.race([bundle.renderPage({ url, readApi }), timeout]);
    } catch (error) {
      this.logger.error({ err: error, url }, 'server render failed; <noscript> document');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
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
