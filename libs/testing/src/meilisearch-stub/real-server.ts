/**
 * The real Meilisearch a by-hand run points the search specs at instead of the stub: MEILISEARCH_TEST_URL
 * (and MEILISEARCH_TEST_API_KEY when the server has a master key). CI sets neither and keeps the stub;
 * the command and its last results are in libs/platform/src/search/README.md.
 */
export interface RealMeilisearch {
  url: string;
  apiKey?: string;
  /** Unique per run, so runs against one long-lived server never read each other's indexes. */
  indexPrefix: string;
}

export function realMeilisearchFromEnv(env: NodeJS.ProcessEnv = process.env): RealMeilisearch | undefined {
  const url = env.MEILISEARCH_TEST_URL?.trim();
  if (!url) return undefined;
  return {
    url,
    apiKey: env.MEILISEARCH_TEST_API_KEY?.trim() || undefined,
    indexPrefix: `test_${process.pid}_${Date.now().toString(36)}_`,
  };
}
