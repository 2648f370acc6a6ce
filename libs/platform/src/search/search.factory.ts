import { EmbeddedSearchIndex } from './embedded/embedded.search';
import type { SearchConfig } from './search.config';
import type { SearchLogger } from './search.logger';
import type { SearchIndex } from './search.port';

export interface SearchFactoryDeps {
  logger: SearchLogger;
}

/**
 * Picks the search adapter from configuration. The Meilisearch adapter is loaded only when chosen, so a
 * process in embedded mode never loads the Meilisearch client.
 */
export async function createSearchIndex(
  config: SearchConfig,
  { logger }: SearchFactoryDeps,
): Promise<SearchIndex> {
  if (config.SEARCH_DRIVER === 'meilisearch') {
    if (!config.MEILISEARCH_URL)
      throw new Error('MEILISEARCH_URL is required when SEARCH_DRIVER is meilisearch');
    // require, not import(): loaded on demand all the same, and it stays CommonJS like the rest.
    const { MeilisearchSearchIndex } =
      require('./meilisearch.search') as typeof import('./meilisearch.search');
    logger.info(
      { driver: 'meilisearch', url: config.MEILISEARCH_URL, indexPrefix: config.SEARCH_INDEX_PREFIX },
      'search index',
    );
    return new MeilisearchSearchIndex({
      url: config.MEILISEARCH_URL,
      apiKey: config.MEILISEARCH_API_KEY,
      indexPrefix: config.SEARCH_INDEX_PREFIX,
      logger,
    });
  }
  logger.info({ driver: 'embedded' }, 'search index');
  return new EmbeddedSearchIndex();
}
