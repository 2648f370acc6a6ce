import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { RemoteDeployment } from './remote-deployment';
import { linkServerModule } from './remote-server-module';

/** Where a remote's server bundle is, relative to its manifest (frontends/rspack.common.js remoteServerConfig). */
export const REMOTE_SERVER_FILE = 'server/render.js';

/**
 * How often a deployment's manifest is read again: a redeployment in place (new hashed files, so a new
 * manifest) is picked up within this, and a deployment that could not be loaded is tried again after it.
 */
export const REMOTE_RECHECK_MS = 10_000;

/** The largest remote stylesheet (all of its App's together) put in the document rather than linked. */
export const MAX_INLINE_STYLE_BYTES = 16_384;

/** A stylesheet written into the document's head, and its CSP source (`'sha256-…'`) for style-src. */
export interface InlineStyle {
  css: string;
  hash: string;
}

/** A remote's server module linked to one shell bundle, and the stylesheets its page needs. */
export interface LoadedRemote {
  module: unknown;
  /** The remote App's stylesheets (its manifest's `./App` css), linked in the document's head. */
  stylesheets: readonly string[];
  /**
   * The same stylesheets' text, when small and self-contained (inlineStyleOf): written into the head
   * instead of linked, so a remote's page waits for no second stylesheet before its first paint.
   */
  inlineStyle?: InlineStyle;
}

interface Held {
  /** The deployment it was loaded from: a remote pointed elsewhere (RemoteLocations) is loaded again. */
  deployment: RemoteDeployment;
  shared: object;
  manifest: string;
  loaded: LoadedRemote | undefined;
  checkedAt: number;
}

interface FederationManifest {
  metaData?: { publicPath?: string };
  exposes?: Array<{ path?: string; assets?: { css?: { sync?: string[] } } }>;
}

const hasServerApp = (module: unknown): boolean =>
  typeof (module as { ServerApp?: unknown } | null)?.ServerApp === 'function';

/**
 * The remotes' server bundles, loaded from where each is deployed (REMOTE_*_URL, remote-deployment.ts) and
 * held per deployment and shell bundle (a rebuilt shell links them again). A remote that cannot be loaded
 * (not deployed with a server bundle, unreachable, a bundle that throws) is undefined: its page gets the
 * <noscript> document, as before remotes were server-rendered.
 */
export class RemoteServerModules {
  private readonly held = new Map<string, Held>();
  private readonly loading = new Map<string, Promise<LoadedRemote | undefined>>();

  constructor(
    /** Each remote's deployment now, by federation name; undefined where its URL is not readable here. */
    private readonly deploymentOf: (name: string) => RemoteDeployment | undefined,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  load(name: string, shared: Readonly<Record<string, unknown>>): Promise<LoadedRemote | undefined> {
    const deployment = this.deploymentOf(name);
    if (!deployment) return Promise.resolve(undefined);
    const found = this.held.get(name);
    const held = found?.deployment === deployment ? found : undefined;
    if (held?.shared === shared && this.now() - held.checkedAt < REMOTE_RECHECK_MS)
      return Promise.resolve(held.loaded);
    let loading = this.loading.get(name);
    if (!loading) {
      loading = this.refresh(name, deployment, shared, held);
      this.loading.set(name, loading);
      const forget = () => this.loading.delete(name);
      loading.then(forget, forget);
    }
    return loading;
  }

  private async refresh(
    name: string,
    deployment: RemoteDeployment,
    shared: Readonly<Record<string, unknown>>,
    held: Held | undefined,
  ): Promise<LoadedRemote | undefined> {
    const checkedAt = this.now();
    try {
      const manifest = await deployment.read(deployment.manifestFile);
      if (held?.shared === shared && held.loaded && held.manifest === manifest) {
        held.checkedAt = checkedAt;
        return held.loaded;
      }
      const file = deployment.urlOf(REMOTE_SERVER_FILE);
      const module = linkServerModule(await deployment.read(REMOTE_SERVER_FILE), file, shared);
      if (!hasServerApp(module)) throw new Error(`${file} exports no ServerApp`);
      const loaded = {
        module,
        stylesheets: stylesheetsOf(manifest, deployment),
        inlineStyle: await inlineStyleOf(manifest, deployment).catch(() => undefined),
      };
      this.held.set(name, { deployment, shared, manifest, loaded, checkedAt });
      this.logger.info({ remote: name, file }, 'remote server bundle loaded');
      return loaded;
    } catch (error) {
      // Said once per outage, not at every recheck: a remote deployed without a server bundle (news) is
      // a steady state, not news.
      if (!held || held.loaded)
        this.logger.warn(
          { err: error, remote: name },
          'remote server bundle not loadable; <noscript> documents',
        );
      this.held.set(name, { deployment, shared, manifest: '', loaded: undefined, checkedAt });
      return undefined;
    }
  }
}

/**
 * The text of the stylesheets the remote's `./App` loads first, for the document's head: a remote page's
 * own stylesheet, linked, was a second render-blocking request beside the shell's (on a slow phone
 * connection, first paint came 0.15 s later than on the shell's pages: docs/benchmarks.md 'Front-end page speed'). Only
 * when the files are in the deployment itself, small (MAX_INLINE_STYLE_BYTES), and hold no relative
 * reference (`url(`, `@import`) that would resolve against the page instead of the file, and nothing that
 * could end the <style> element; otherwise undefined, and they are linked. The browser still loads the
 * files when the remote's code runs (same rules again, harmless).
 */
async function inlineStyleOf(
  manifestText: string,
  deployment: RemoteDeployment,
): Promise<InlineStyle | undefined> {
  const manifest = JSON.parse(manifestText) as FederationManifest;
  const publicPath = manifest.metaData?.publicPath;
  if (publicPath && publicPath !== 'auto') return undefined;
  const files = manifest.exposes?.find((expose) => expose.path === './App')?.assets?.css?.sync ?? [];
  if (files.length === 0) return undefined;
  const css = (await Promise.all(files.map((file) => deployment.read(file)))).join('\n');
  if (Buffer.byteLength(css) > MAX_INLINE_STYLE_BYTES || /<\/|url\(|@import/i.test(css)) return undefined;
  return { css, hash: `'sha256-${createHash('sha256').update(css).digest('base64')}'` };
}

/** The stylesheets the remote's `./App` loads first, where the browser loads them from. */
function stylesheetsOf(manifestText: string, deployment: RemoteDeployment): string[] {
  const manifest = JSON.parse(manifestText) as FederationManifest;
  const app = manifest.exposes?.find((expose) => expose.path === './App');
  const publicPath = manifest.metaData?.publicPath;
  return (app?.assets?.css?.sync ?? []).map((file) =>
    // 'auto': beside the manifest, wherever it was served from.
    publicPath && publicPath !== 'auto' ? `${publicPath}${file}` : deployment.urlOf(file),
  );
}
