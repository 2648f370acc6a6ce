import { createServerQueryClient } from '../src/api/query-client';
import type { RenderedPageData } from '../src/head/describe-page';

/** An answer a render read: its body, or an infinite list's first page (TanStack's paged shape). */
export type ReadAnswer = unknown | { firstPageOf: unknown };

/**
 * The page a server render drew, as a describer gets it: the request's query client holding an answered
 * query for each API path read, named by the path as useApiQuery and the infinite lists name theirs.
 */
export function renderedPage(
  pathname: string,
  reads: Record<string, ReadAnswer>,
  siteUrl = 'https://pulse.example',
): RenderedPageData {
  const client = createServerQueryClient();
  for (const [path, answer] of Object.entries(reads)) {
    const key = ['read', path];
    client.getQueryCache().build(client, { queryKey: key, meta: { path } });
    const paged = typeof answer === 'object' && answer !== null && 'firstPageOf' in answer;
    client.setQueryData(key, paged ? { pages: [answer.firstPageOf], pageParams: [0] } : answer);
  }
  return { pathname, siteUrl, client };
}
