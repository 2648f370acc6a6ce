import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { remoteDeployment, type RemoteDeployment } from '../remotes/remote-deployment';
import {
  remoteUrlsOf,
  type RemoteLocations,
  type RemoteName,
  type RemoteUrls,
} from '../remotes/remote-locations';
import type { GatewayConfig } from '../gateway.config';

/** Remote name in URLs → folder under FRONTENDS_DIR. */
export const REMOTE_DIRS = ['news', 'trending', 'tech-analysis', 'qa'] as const;

/**
 * The path under `root` a request names, if it is a file there: decoded, normalised, never climbing out of
 * `root`. @fastify/send refuses traversal too; this check decides between a file, a 404 and a document,
 * which the plugin cannot (it only knows "not found").
 */
function fileUnder(root: string, relative: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return undefined; // malformed %-escapes name no file
  }
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (!file.startsWith(root + path.sep)) return undefined;
  if (!existsSync(file) || !statSync(file).isFile()) return undefined;
  return `/${path.relative(root, file).split(path.sep).join('/')}`;
}

/** Hashed bundles never change under the same name; documents and manifests must be re-read. */
const isHashed = (file: string) => /\.[0-9a-f]{8,}\./.test(path.basename(file));

const notFound = (reply: FastifyReply) =>
  reply.status(404).send({ statusCode: 404, error: 'Not Found', message: '파일을 찾을 수 없습니다.' });

/**
 * The runtime configuration the shell reads (the remotes' locations now, the site's social accounts): served
 * as /env-config.json and inlined in documents.
 */
export const envConfigOf = (config: GatewayConfig, remotes: RemoteUrls = remoteUrlsOf(config)) => ({
  remotes,
  // Only when the site has accounts: the footer links nothing else.
  ...(config.SITE_SOCIAL_ACCOUNTS.length > 0 && { social: config.SITE_SOCIAL_ACCOUNTS }),
});

/** The shell's built index.html, the template of every HTML document. */
export const shellIndexFile = (config: GatewayConfig): string =>
  path.join(path.resolve(config.FRONTENDS_DIR), 'shell', 'dist', 'index.html');

/** The shell's server render (frontends/shell/rspack.server.config.js), loaded by documents/page-renderer.ts. */
export const shellServerBundleFile = (config: GatewayConfig): string =>
  path.join(path.resolve(config.FRONTENDS_DIR), 'shell', 'dist', 'server', 'render.js');

/**
 * Where the gateway reads each remote's server bundle and manifest (remotes/remote-server-modules.ts): the
 * deployment its location names now (RemoteLocations), this site's /remotes/<dir>/ being
 * FRONTENDS_DIR/<dir>/dist. One deployment per URL, so a remote loaded stays loaded until it is moved.
 */
export function remoteDeploymentsOf(
  config: GatewayConfig,
  locations: RemoteLocations,
): (name: string) => RemoteDeployment | undefined {
  return remoteDeploymentsAt(path.resolve(config.FRONTENDS_DIR), () => locations.current().urls);
}

/** The same from the locations `urlsNow` gives (a render worker's, sent with each render). */
export function remoteDeploymentsAt(
  frontendsDir: string,
  urlsNow: () => Readonly<Partial<Record<string, string>>>,
): (name: string) => RemoteDeployment | undefined {
  const byUrl = new Map<string, RemoteDeployment | undefined>();
  return (name) => {
    const url = urlsNow()[name as RemoteName];
    if (url === undefined) return undefined;
    if (!byUrl.has(url)) byUrl.set(url, remoteDeployment(url, frontendsDir, REMOTE_DIRS));
    return byUrl.get(url);
  };
}

/**
 * Serves the built shell and remotes in embedded mode (and from the gateway image), plus the runtime
 * remote configuration the shell reads at start, so a remote can move without rebuilding the shell.
 * Files go out through @fastify/static: content type, ETag and Last-Modified, ranges, and the brotli or gzip
 * copy the build wrote beside each text asset (frontends/scripts/precompress.js), the one the request
 * accepts, brotli first. Which file a path names, and what a missing one gets, is decided here.
 */
export async function registerFrontendAssets(
  fastify: FastifyInstance,
  config: GatewayConfig,
  locations: RemoteLocations,
  renderDocument: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
): Promise<void> {
  const root = path.resolve(config.FRONTENDS_DIR);
  const shellDist = path.join(root, 'shell', 'dist');

  fastify.get('/env-config.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(envConfigOf(config, locations.current().urls)),
  );

  // In a context of their own, so the content-type fix below touches the assets only.
  await fastify.register(async (assets) => {
    // serve: false: the plugin adds reply.sendFile and no route; the routes below pick the root per path.
    await assets.register(fastifyStatic, {
      serve: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', isHashed(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // @fastify/send's type table (mime 3) still names .js application/javascript; RFC 9239 made it text/javascript.
    assets.addHook('onSend', async (_request, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/javascript'))
        reply.header('content-type', 'text/javascript; charset=utf-8');
      return payload;
    });

    for (const remote of REMOTE_DIRS) {
      const dist = path.join(root, remote, 'dist');
      assets.get(`/remotes/${remote}/*`, async (request, reply) => {
        const file = fileUnder(dist, (request.params as { '*': string })['*']);
        return file ? reply.sendFile(file, dist) : notFound(reply);
      });
    }

    assets.get('/*', async (request, reply) => {
      const relative = (request.params as { '*': string })['*'];
      // The raw template has no server-rendered head; its page is the home page.
      if (relative === 'index.html') return reply.redirect('/', 301);
      const file = relative ? fileUnder(shellDist, relative) : undefined;
      // dist/server holds the server render, which runs in the gateway and is not an asset.
      if (file && !/^\/server(\/|$)/.test(file)) return reply.sendFile(file, shellDist);
      // A missing asset (a stale hashed bundle, a typo) is a 404, not the app's HTML under a .js name.
      if (path.extname(relative ?? '') !== '') return notFound(reply);
      // The shell routes on the client; every document path gets its index.html with a server-rendered head.
      return renderDocument(request, reply);
    });
  });
}
