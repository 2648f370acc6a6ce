import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import type { ApiQueryMeta } from './use-api-query';

/**
 * The answers a server render used, embedded in its document as a JSON data block (TanStack's dehydrated
 * state of the request's client), so the browser's first render (hydration) reads the same data as the
 * server's, with no request before it.
 */
export const QUERY_SEED_ID = 'pulse-query-seed';

/** An answered read of an API path (useApiQuery's queries), not a component's own state such as a like. */
const isApiAnswer = (query: Query): boolean =>
  query.state.status === 'success' &&
  typeof (query.meta as Partial<ApiQueryMeta> | undefined)?.path === 'string';

/**
 * The client's answered reads as the text of a <script type="application/json">: `<` is escaped so no
 * answer can close the script (`</script>`) or open a comment, and U+2028/U+2029 so the text stays valid
 * everywhere. Reads without an answer are left out.
 */
export function serialiseQuerySeed(client: QueryClient): string {
  return JSON.stringify(dehydrate(client, { shouldDehydrateQuery: isApiAnswer }))
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Hydrates the client with the embedded answers; true when the document had some (it was server-rendered).
 * They are shown at once (hydration renders them) and fetched again in the background right after, since
 * they are stored as fetched at time 0, older than any stale time: the document may have been replayed from
 * a cache (the gateway's moment, a CDN's minute) after its data changed, such as the count of the like this
 * reader has just given, and the page must not be staler than it was when the browser fetched everything
 * itself.
 */
export function seedQueryClient(
  client: QueryClient,
  doc: Pick<Document, 'getElementById'> | undefined = typeof document === 'undefined' ? undefined : document,
): boolean {
  const text = doc?.getElementById(QUERY_SEED_ID)?.textContent;
  if (!text) return false;
  let seed: DehydratedState;
  try {
    seed = JSON.parse(text) as DehydratedState;
  } catch {
    return false;
  }
  if (!Array.isArray(seed?.queries)) return false;
  hydrate(client, {
    mutations: [],
    queries: seed.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: 0 } })),
  });
  return true;
}
