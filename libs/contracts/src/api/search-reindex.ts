/**
 * Rebuilding the article search index from the store on demand (the content service also rebuilds it at
 * every start): after a restore, a Meilisearch wipe or a change of analyser. One run at a time per
 * content process; asking while one runs answers that run.
 */
export type SearchReindexState = 'idle' | 'running' | 'done' | 'failed';

/** GET and POST /api/content/admin/search/reindex. */
export interface SearchReindexStatus {
  state: SearchReindexState;
  /** Articles scanned so far, of `total` (the published articles when the run started). */
  done: number;
  total: number;
  /** Set when a run has finished: articles written to the index, and unpublished ones removed from it. */
  indexed: number | null;
  removed: number | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** Why the last run failed; null otherwise. */
  error: string | null;
}
