import { currentTraceparent } from '@pulse/platform';
import type { RouteTable } from '../proxy/route-table';
import { PAGE_DATA_TIMEOUT_MS, PAGE_RENDER_HEADER } from './page-data.source';

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
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), PAGE_DATA_TIMEOUT_MS);
    });
    try {
      const response = await Promise.race([
        upstream.forward({
          method: 'GET',
          url: path,
          headers: {
            accept: 'application/json',
            'x-request-id': requestId,
            traceparent: currentTraceparent(),
            [PAGE_RENDER_HEADER]: '1',
          },
        }),
        timeout,
      ]);
      if (response?.statusCode !== 200) return undefined;
      return JSON.parse(response.body.toString('utf8')) as unknown;
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}
