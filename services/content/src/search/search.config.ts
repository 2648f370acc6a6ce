import { z } from 'zod';

/** The content service's search settings (the engine itself is configured by the search port). */
export const contentSearchConfigSchema = z.object({
  CONTENT_SEARCH_READY_WAIT_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(60)
    .describe(
      'At start the article index is rebuilt from the store in the background; /readyz waits for it at most this long, then reports ready while it finishes.',
    ),
  CONTENT_SEARCH_REINDEX_BATCH: z.coerce
    .number()
    .int()
    .min(50)
    .max(5000)
    .default(500)
    .describe('Articles read from the store and sent to the search index per batch when rebuilding it.'),
  CONTENT_SEARCH_REFRESH_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(86_400)
    .default(300)
    .describe(
      'How often likes and views in the search index (used by the popular and views sorts) are brought up to date with the store, and failed index writes retried.',
    ),
});

export type ContentSearchConfig = z.output<typeof contentSearchConfigSchema>;

export const CONTENT_SEARCH_CONFIG = Symbol.for('pulse.content.SearchConfig');
