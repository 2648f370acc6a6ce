import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { handleScripted, type ScriptContext } from './hostile-routes';
import { resolveInside, serveFile } from './static-files';

export interface FixtureServerOptions {
  /** Folder served by path. Default: libs/testing/fixtures (feeds/, clustering/, hostile/, …). */
  root?: string;
}

export interface RecordedFixtureRequest {
  method: string;
  /** Path and query as requested. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface FixtureServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:40123. */
  url: string;
  /** Every request received, oldest first (to check a client's headers, e.g. If-None-Match). */
  requests: RecordedFixtureRequest[];
  /** Bytes the scripted routes wrote, by path: shows a client stopped reading early. */
  bytesSent(pathname: string): number;
  close(): Promise<void>;
}

export const DEFAULT_FIXTURES_ROOT = path.resolve(__dirname, '../../fixtures');

/**
 * A small local server for tests and the offline demo: the fixture files by path (content type by extension,
 * ETag / Last-Modified with 304s), plus the scripted hostile routes of HOSTILE_ROUTES. It listens on an
 * ephemeral port of 127.0.0.1, so fetching from it needs `allowPrivateNetwork` (or a test DNS seam).
 */
export async function startFixtureServer(options: FixtureServerOptions = {}): Promise<FixtureServer> {
  const root = path.resolve(options.root ?? DEFAULT_FIXTURES_ROOT);
  const ctx: ScriptContext = { root, bytesSent: new Map(), timers: new Set() };
  const requests: RecordedFixtureRequest[] = [];

  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: { ...req.headers } });
    const url = new URL(req.url ?? '/', 'http://fixtures.local');
    const notFound = () => {
      if (res.headersSent) return;
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('no such fixture');
    };
    void (async () => {
      if (await handleScripted(req, res, url, ctx)) return;
      const file = resolveInside(root, url.pathname);
      if (!file || !(await serveFile(req, res, file))) notFound();
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  // The hostile routes keep connections open on purpose; never let one hold a test run.
  server.keepAliveTimeout = 1_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    bytesSent: (pathname) => ctx.bytesSent.get(pathname) ?? 0,
    close: async () => {
      for (const timer of ctx.timers) clearTimeout(timer);
      ctx.timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
