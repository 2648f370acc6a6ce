import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface FeedServer {
  baseUrl: string;
  /** When each path was first requested (epoch ms): the fetch start of every item in that feed. */
  firstRequestAt: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Serves the generated feed files of a temp folder over node:http on 127.0.0.1, recording when each
 * was first requested. No caching headers, so every run fetches the whole document.
 */
export async function startFeedServer(root: string): Promise<FeedServer> {
  const firstRequestAt = new Map<string, number>();
  const server = createServer((req, res) => {
    const at = Date.now();
    const urlPath = new URL(req.url ?? '/', 'http://bench').pathname;
    if (!firstRequestAt.has(urlPath)) firstRequestAt.set(urlPath, at);
    const file = path.join(root, path.basename(urlPath));
    fs.readFile(file, (error, body) => {
      if (error) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    firstRequestAt,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
