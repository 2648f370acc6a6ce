import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../gateway.config';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Remote name in URLs → folder under FRONTENDS_DIR. */
const REMOTES = ['news', 'trending', 'tech-analysis', 'qa'] as const;

/** Resolves `relative` inside `root`, refusing anything that climbs out of it. */
function safeFile(root: string, relative: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return undefined; // malformed %-escapes name no file
  }
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (!file.startsWith(root + path.sep)) return undefined;
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

/**
 * The build writes name.br and name.gz beside text assets (frontends/scripts/precompress.js); the smallest
 * one the request accepts is sent, brotli first. q=0 refuses an encoding.
 */
function precompressed(request: FastifyRequest, file: string): { file: string; encoding?: string } {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name.trim().toLowerCase());
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (accepted.includes(encoding) && existsSync(file + suffix)) return { file: file + suffix, encoding };
  }
  return { file };
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: string) {
  // Hashed bundles never change under the same name; documents and manifests must be re-read.
  const immutable = /\.[0-9a-f]{8,}\./.test(path.basename(file));
  const chosen = precompressed(request, file);
  if (chosen.encoding) reply.header('content-encoding', chosen.encoding);
  return reply
    .header('content-type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream')
    .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    .header('vary', 'accept-encoding')
    .send(createReadStream(chosen.file));
}

/** The runtime remote configuration the shell reads: served as /env-config.json and inlined in documents. */
export const envConfigOf = (config: GatewayConfig) => ({
  remotes: {
    news: config.REMOTE_NEWS_URL,
    trending: config.REMOTE_TRENDING_URL,
    tech_analysis: config.REMOTE_TECH_ANALYSIS_URL,
    qa: config.REMOTE_QA_URL,
  },
});

/** The shell's built index.html, the template of every HTML document. */
export const shellIndexFile = (config: GatewayConfig): string =>
  path.join(path.resolve(config.FRONTENDS_DIR), 'shell', 'dist', 'index.html');

/** The shell's server render (frontends/shell/rspack.server.config.js), loaded by documents/page-renderer.ts. */
export const shellServerBundleFile = (config: GatewayConfig): string =>
  path.join(path.resolve(config.FRONTENDS_DIR), 'shell', 'dist', 'server', 'render.js');

/**
 * Serves the built shell and remotes in embedded mode (and from the gateway image), plus the runtime
 * remote configuration the shell reads at start, so a remote can move without rebuilding the shell.
 */
export function registerFrontendAssets(
  fastify: FastifyInstance,
  config: GatewayConfig,
  renderDocument: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
): void {
  const root = path.resolve(config.FRONTENDS_DIR);
  const shellDist = path.join(root, 'shell', 'dist');

  fastify.get('/env-config.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(envConfigOf(config)),
  );

  for (const remote of REMOTES) {
    const dist = path.join(root, remote, 'dist');
    fastify.get(`/remotes/${remote}/*`, async (request, reply) => {
      const file = safeFile(dist, (request.params as { '*': string })['*']);
      if (!file)
        return reply
          .status(404)
          .send({ statusCode: 404, error: 'Not Found', message: '파일을 찾을 수 없습니다.' });
      return sendFile(request, reply, file);
    });
  }

  fastify.get('/*', async (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    // The raw template has no server-rendered head; its page is the home page.
    if (relative === 'index.html') return reply.redirect('/', 301);
    // dist/server holds the server render, which runs in the gateway and is not an asset.
    const isServerCode = /^server(\/|$)/.test(relative ?? '');
    const file = relative && !isServerCode ? safeFile(shellDist, relative) : undefined;
    if (file) return sendFile(request, reply, file);
    // A missing asset (a stale hashed bundle, a typo) is a 404, not the app's HTML under a .js name.
    if (path.extname(relative ?? '') !== '') {
      return reply
        .status(404)
        .send({ statusCode: 404, error: 'Not Found', message: '파일을 찾을 수 없습니다.' });
    }
    // The shell routes on the client; every document path gets its index.html with a server-rendered head.
    return renderDocument(request, reply);
  });
}
