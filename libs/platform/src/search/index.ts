export * from './search.port';
export * from './search.errors';
export * from './search.config';
export * from './search.factory';
export type { SearchLogger } from './search.logger';
export { escapeHtml, renderHighlight, type Span } from './search.highlight';
export {
  DEFAULT_HITS_PER_PAGE,
  MAX_HITS_PER_PAGE,
  MAX_QUERY_LENGTH,
  MAX_SEARCHABLE_FIELDS,
} from './search.validation';
export { EmbeddedSearchIndex, type EmbeddedSearchState } from './embedded/embedded.search';
export { KOREAN_SYNONYMS } from './synonyms/synonyms.ko';
export { MAX_SYNONYM_LENGTH, MAX_SYNONYM_SPELLINGS } from './search.validation';
export { analyseQuery, analyseText, type AnalysedText, type QueryTerm } from './embedded/analyser';
// Type only: importing the class would load the ESM-only Meilisearch client in every process and every
// Jest run; createSearchIndex loads it when SEARCH_DRIVER is meilisearch.
export type { MeilisearchSearchIndex, MeilisearchSearchIndexOptions } from './meilisearch.search';
