import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from './errors';
import { checkAuth, parseJson, readBody } from './http';
import { IndexRegistry } from './index-registry';
import { route } from './router';
import { TaskQueue } from './tasks';
import type { StubState } from './types';

/**
 * A STUB of Meilisearch's HTTP API, for the Meilisearch adapter's specs in CI, where no Meilisearch runs.
 * Its answers were checked against Meilisearch 1.50 (README.md here lists what matches and what still
 * differs). It is a protocol stub, not a second search engine:
 *
 * - It checks what a client sends the way Meilisearch does: unknown settings and search parameters,
 *   malformed ranking rules, typo tolerance and localized attributes are rejected; filters are parsed
 *   (so an unescaped value fails) and may only name filterable attributes; sorts only sortable ones.
 * - It answers searches with a deliberately simple matcher: case-insensitive substrings over the
 *   searchable attributes. No tokenisation, no Korean analysis, no typo tolerance, no real ranking.
 *   Relevance must never be judged against it.
 * - Write tasks are applied only when a client polls for them (GET /tasks/:uid), so an adapter that does
 *   not wait for its tasks sees its writes missing.
 */

export interface MeilisearchStub {
  url: string;
  apiKey?: string;
  /** Every request received, in order. */
  readonly requests: ReadonlyArray<{ method: string; path: string; body: unknown }>;
  /** The effective settings of an index, or undefined if it does not exist. */
  settingsOf(uid: string): Record<string, unknown> | undefined;
  /** Deletes an index behind the client's back, as an operator might. */
  dropIndex(uid: string): void;
  close(): Promise<void>;
}

export async function startMeilisearchStub(options: { apiKey?: string } = {}): Promise<MeilisearchStub> {
  const state: StubState = { indexes: new IndexRegistry(), tasks: new TaskQueue() };
  const requests: Array<{ method: string; path: string; body: unknown }> = [];

  const server = createServer((req, res) => void handle(req, res));
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const raw = await readBody(req);
    let status = 200;
    let body: unknown;
    try {
      const parsed = raw === '' ? undefined : parseJson(raw);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body: parsed });
      if (url.pathname === '/health') body = { status: 'available' };
      else {
        checkAuth(req, options.apiKey);
        ({ status, body } = route(state, {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          body: parsed,
          contentType: req.headers['content-type'],
        }));
      }
    } catch (error) {
      const apiError = ApiError.from(error);
      status = apiError.status;
      body = apiError;
    }
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey: options.apiKey,
    requests,
    settingsOf: (uid) => state.indexes.get(uid)?.settings,
    dropIndex: (uid) => state.indexes.delete(uid),
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
