import { CACHE_TAG_HEADER, type PageRead } from '@pulse/contracts';
import { outgoingTraceparent } from '@pulse/platform';
import type { MicroCache } from '../proxy/micro-cache';
import type { RouteTable } from '../proxy/route-table';
import type { ForwardRequest, ForwardResponse, Upstream } from '../upstreams/upstream';

/** A render waits this long for a read; a slow service then leaves that part of the page to the browser. */
export const RENDER_READ_TIMEOUT_MS = 3000;

/** Stands for the server render in the micro-cache's "has this client just written" check: never has. */
const PAGE_RENDER_CLIENT = 'page-render';

/** The answers that say there is no such item: the page draws its not-found state from them. */
const MISSING = new Set([400, 404, 410]);

/**
 * Answers a server render's API reads (GET /api/...) through the same upstreams the proxy uses, as an
 * anonymous reader would get them, and through the micro-cache when it applies, so a render costs map
 * lookups for what readers have just read (a home page reads five lists). The cache tags of the answers go
 * into `tags`: the document is purged with them (documents.plugin.ts). A 200's body, or the status of an
 * answer naming no item (400, 404, 410); undefined for anything else or nothing in time: the page then
 * renders that part loading and the browser fetches it, as it did before server rendering.
 */
export function apiReader(
  table: RouteTable,
  requestId: string,
  tags: Set<string>,
  microCache?: MicroCache,
): (path: string) => Promise<PageRead | undefined> {
  return async (path) => {
    if (!path.startsWith('/api/')) return undefined;
    const upstream = table.resolve(path);
    if (!upstream) return undefined;
    try {
      const request: ForwardRequest = {
        method: 'GET',
        url: path,
        headers: {
          accept: 'application/json',
          'x-request-id': requestId,
          traceparent: outgoingTraceparent(),
        },
      };
      const shared = microCache?.applies(request, PAGE_RENDER_CLIENT) ? microCache : undefined;
      const response = await withinTimeout(upstream, request, shared);
      if (MISSING.has(response.statusCode)) return { status: response.statusCode as 400 | 404 | 410 };
      if (response.statusCode !== 200 || !Buffer.isBuffer(response.body)) return undefined;
      const tagHeader = response.headers[CACHE_TAG_HEADER];
      if (typeof tagHeader === 'string') for (const tag of tagHeader.split(/\s+/)) if (tag) tags.add(tag);
      return { status: 200, body: JSON.parse(response.body.toString('utf8')) as unknown };
    } catch {
      return undefined;
    }
  };
}

/**
 * The GET as a page render makes it, rejected after RENDER_READ_TIMEOUT_MS. No read counts a view
 * (readers' views are their own POSTs), so a render needs no marking.
 */
async function withinTimeout(
  upstream: Upstream,
  request: ForwardRequest,
  microCache: MicroCache | undefined,
): Promise<ForwardResponse> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('too slow')), RENDER_READ_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      microCache ? microCache.forward(upstream, request) : upstream.forward(request),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
