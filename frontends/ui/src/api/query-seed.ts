import type { QueryCache } from './query-cache';

/**
 * The answers a server render used, embedded in its document as a JSON data block, so the browser's first
 * render (hydration) reads the same data as the server's and nothing is fetched twice.
 */
export const QUERY_SEED_ID = 'pulse-query-seed';

type Seed = Record<string, { data: unknown; updatedAt: number }>;

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

/** Stores the embedded answers in the cache; true when the document had some (it was server-rendered). */
export function seedQueryCache(
  cache: QueryCache,
  doc: Pick<Document, 'getElementById'> | undefined = typeof document === 'undefined' ? undefined : document,
): boolean {
  const text = doc?.getElementById(QUERY_SEED_ID)?.textContent;
  if (!text) return false;
  let seed: Seed;
  try {
    seed = JSON.parse(text) as Seed;
  } catch {
    return false;
  }
  for (const [key, { data, updatedAt }] of Object.entries(seed)) cache.set(key, data, updatedAt);
  return true;
}
