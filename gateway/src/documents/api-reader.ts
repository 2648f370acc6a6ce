import type { RouteTable } from '../proxy/route-table';
import { pageRenderRead } from './page-data.source';

/**
 * Answers a server render's API reads (GET /api/...) through the same upstreams the proxy uses, as an
 * anonymous reader would get them. Undefined for anything but a 200 in time: the page then renders that part
 * loading and the browser fetches it, as it did before server rendering.
 */
export function apiReader(table: RouteTable, requestId: string): (path: string) => Promise<unknown> {
  return async (path) => {
    if (!path.startsWith('/api/')) return undefined;
    const upstream = table.resolve(path);
    if (!upstream) return undefined;
    try {
      const response = await pageRenderRead(upstream, path, requestId, () => new Error('too slow'));
      if (response.statusCode !== 200) return undefined;
      return JSON.parse(response.body.toString('utf8')) as unknown;
    } catch {
      return undefined;
    }
  };
}
