import { z } from 'zod';

/** Variables of the search port. The README's configuration table is generated from these descriptions. */
export const searchConfigSchema = z
  .object({
    SEARCH_DRIVER: z
      .enum(['embedded', 'meilisearch'])
      .default('embedded')
      .describe('Search engine: `embedded` (in-process, Korean analyser) or `meilisearch`.'),
    MEILISEARCH_URL: z
      .string()
      .url()
      .optional()
      .describe(
        'Meilisearch base URL, e.g. http://meilisearch:7700. Required when SEARCH_DRIVER is `meilisearch`.',
      ),
    MEILISEARCH_API_KEY: z
      .string()
      .optional()
      .describe(
        'Meilisearch API key (a key with search and document rights, not the master key in production).',
      ),
    SEARCH_INDEX_PREFIX: z
      .string()
      .regex(/^[a-z0-9_-]*$/, 'lowercase letters, digits, - and _ only')
      .default('pulse_')
      .describe('Prefix of every Meilisearch index name, so several deployments can share one server.'),
  })
  .superRefine((config, ctx) => {
    if (config.SEARCH_DRIVER === 'meilisearch' && !config.MEILISEARCH_URL) {
      // The path names the variable, so loadConfig's one-line error names it too.
      ctx.addIssue({
        code: 'custom',
        path: ['MEILISEARCH_URL'],
        message: 'required when SEARCH_DRIVER is meilisearch',
      });
    }
  });

export type SearchConfig = z.output<typeof searchConfigSchema>;
