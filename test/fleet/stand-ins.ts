/**
 * Where the test's servers cannot be what the overlay's config describes, the pod's resolved environment
 * is adjusted, and each adjustment is reported (never silent):
 * - MongoDB: the config describes a three-member replica set with SCRAM users; the MongoDB-compatible test
 *   server speaks neither (no `saslStart`, no replica-set `hello`), so MONGO_URL keeps its first host and
 *   database and loses the credentials and options. The URL is still composed by the Deployment.
 * - Meilisearch: no server is installable from the package registries this project uses, so
 *   SEARCH_DRIVER=meilisearch becomes the embedded index (per pod).
 */
export function applyStandIns(env: Record<string, string>): string[] {
  const applied: string[] = [];
  if (env.MONGO_URL) {
    const match = /^mongodb:\/\/(?:[^@/]*@)?([^,/]+)[^/]*\/([^?]*)/.exec(env.MONGO_URL);
    if (!match) throw new Error(`MONGO_URL is not a mongodb:// URL: ${env.MONGO_URL}`);
    const reduced = `mongodb://${match[1]}/${match[2]}`;
    if (reduced !== env.MONGO_URL) {
      env.MONGO_URL = reduced;
      applied.push('MONGO_URL: first host, no credentials or replica-set options (test server)');
    }
  }
  if (env.SEARCH_DRIVER === 'meilisearch') {
    env.SEARCH_DRIVER = 'embedded';
    applied.push('SEARCH_DRIVER: embedded instead of meilisearch (no server available)');
  }
  return applied;
}
