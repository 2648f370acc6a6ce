import { CACHE_TAG_HEADER } from '@pulse/contracts';
import type { MicroCache } from '../proxy/micro-cache';
import type { RouteTable } from '../proxy/route-table';
import type { ForwardRequest } from '../upstreams/upstream';
import { pageRenderRead } from './page-data.source';

/** Stands for the server render in the micro-cache's "has this client just written" check: never has. */
const PAGE_RENDER_CLIENT = 'page-render';

/**
 * Answers a server render's API reads (GET /api/...) through the same upstreams the proxy uses, as an
 * anonymous reader would get them, and through the micro-cache when it applies, so a render costs map
 * lookups for what readers have just read (a home page reads five lists). The cache tags of the answers go
 * into `tags`: the document is purged with them (documents.plugin.ts). Undefined for anything but a 200 in
 * time: the page then renders that part loading and the browser fetches it, as it did before server
 * rendering.
 */
export function apiReader(
  table: RouteTable,
  requestId: string,
  tags: Set<string>,
  microCache?: MicroCache,
): (path: string) => Promise<unknown> {
  return async (path) => {
    if (!path.startsWith('/api/')) return undefined;
    const upstream = table.resolve(path);
    if (!upstream) return undefined;
    try {
      const request: ForwardRequest = { method: 'GET', url: path, headers: { accept: 'application/json' } };
      const shared = microCache?.applies(request, PAGE_RENDER_CLIENT) ? microCache : undefined;
      const response = await pageRenderRead(upstream, path, requestId, () => new Error('too slow'), shared);
      if (response.statusCode !== 200 || !Buffer.isBuffer(response.body)) return undefined;
      const tagHeader = response.headers[CACHE_TAG_HEADER];
      if (typeof tagHeader === 'string') for (const tag of tagHeader.split(/\s+/)) if (tag) tags.add(tag);
      return JSON.parse(response.body.toString('utf8')) as unknown;
    } catch {
      return undefined;
    }
  };
}
