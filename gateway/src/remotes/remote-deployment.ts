import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** How long the gateway waits for a file of a remote deployed on another origin. */
export const REMOTE_FILE_TIMEOUT_MS = 1_500;

/**
 * Where a remote is deployed, as the gateway reads its files: the folder or URL its manifest is in
 * (REMOTE_*_URL), files named relative to it ('mf-manifest.json', 'server/render.js').
 */
export interface RemoteDeployment {
  /** The manifest's own file name, relative to the deployment. */
  manifestFile: string;
  /** Where a file of the deployment is, for the browser (a stylesheet's href) and for stack traces. */
  urlOf(relative: string): string;
  read(relative: string): Promise<string>;
}

/**
 * The deployment a manifest URL names: an http(s) URL (a CDN, another origin) is read over HTTP; a path of
 * this site under /remotes/<dir>/ is the folder the gateway serves it from (FRONTENDS_DIR/<dir>/dist, as
 * static/frontend-assets.plugin.ts does). Anything else is not readable here: undefined.
 */
export function remoteDeployment(
  manifestUrl: string,
  frontendsDir: string,
  remoteDirs: readonly string[],
  fetchImpl: typeof fetch = fetch,
): RemoteDeployment | undefined {
  if (/^https?:\/\//i.test(manifestUrl)) {
    const manifest = new URL(manifestUrl);
    const urlOf = (relative: string) => new URL(relative, manifest).href;
    return {
      manifestFile: path.posix.basename(manifest.pathname),
      urlOf,
      read: async (relative) => {
        const response = await fetchImpl(urlOf(relative), {
          signal: AbortSignal.timeout(REMOTE_FILE_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`${urlOf(relative)} answered ${response.status}`);
        return response.text();
      },
    };
  }
  const [, dir, rest] = /^\/remotes\/([^/]+)\/(.+)$/.exec(manifestUrl) ?? [];
  if (!dir || !rest || !remoteDirs.includes(dir) || rest.split('/').includes('..')) return undefined;
  const sitePath = path.posix.dirname(`/remotes/${dir}/${rest}`);
  const folder = path.join(frontendsDir, dir, 'dist', path.posix.dirname(rest));
  return {
    manifestFile: path.posix.basename(rest),
    urlOf: (relative) => `${sitePath}/${relative}`,
    read: (relative) => readFile(path.join(folder, relative), 'utf8'),
  };
}
