import { z } from 'zod';

/**
 * Rebuilding the article search index from the store on demand (the content service also rebuilds it at
 * every start): after a restore, a Meilisearch wipe or a change of analyser. One run at a time per
 * content process; asking while one runs answers that run.
 */
export const searchReindexStateSchema = z.enum(['idle', 'running', 'done', 'failed']);
export type SearchReindexState = z.output<typeof searchReindexStateSchema>;

/** GET and POST /api/content/admin/search/reindex. */
export const searchReindexStatusSchema = z
  .object({
    state: searchReindexStateSchema,
    /** Articles scanned so far, of `total` (the published articles when the run started). */
    done: z.number(),
    total: z.number(),
    /** Set when a run has finished: articles written to the index, and unpublished ones removed from it. */
    indexed: z.number().nullable(),
    removed: z.number().nullable(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    /** Why the last run failed; null otherwise. */
    error: z.string().nullable(),
  })
  .meta({ id: 'SearchReindexStatus' });
export type SearchReindexStatus = z.output<typeof searchReindexStatusSchema>;
