import type { QueryCache } from './query-cache';

/**
 * The answers a server render used, embedded in its document as a JSON data block, so the browser's first
 * render (hydration) reads the same data as the server's, with no request before it.
 */
export const QUERY_SEED_ID = 'pulse-query-seed';

/** The fetch time a seeded answer is stored with: older than any stale time, so it is refetched. */
const STALE_AT_ONCE = 0;

/**
 * The cache's answers as the text of a <script type="application/json">: `<` is escaped so no answer can
 * close the script (`</script>`) or open a comment, and U+2028/U+2029 so the text stays valid everywhere.
 */
export function serialiseQuerySeed(cache: QueryCache): string {
  return JSON.stringify(cache.answers())
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Stores the embedded answers in the cache; true when the document had some (it was server-rendered). They
 * are shown at once (hydration renders them) and fetched again in the background right after: the document
 * may have been replayed from a cache (the gateway's moment, a CDN's minute) after its data changed, such
 * as the count of the like this reader has just given, and the page must not be staler than it was when
 * the browser fetched everything itself.
 */
export function seedQueryCache(
  cache: QueryCache,
  doc: Pick<Document, 'getElementById'> | undefined = typeof document === 'undefined' ? undefined : document,
): boolean {
  const text = doc?.getElementById(QUERY_SEED_ID)?.textContent;
  if (!text) return false;
  let seed: Record<string, unknown>;
  try {
    seed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return false;
  }
  for (const [key, data] of Object.entries(seed)) cache.set(key, data, STALE_AT_ONCE);
  return true;
}
