import type { IndexSettings, SearchDocument, SearchIndex } from '@pulse/platform/search';

/**
 * What describeSearchIndexContract hands each group of cases. The adapter and the corpus index are made
 * in a beforeAll, so read `ctx.search` and `ctx.corpus` inside hooks and tests, never while describing.
 */
export interface SearchContractContext {
  /** The adapter under test. */
  readonly search: SearchIndex;
  /** An index holding SEARCH_CONTRACT_CORPUS, shared by the cases that only read. */
  readonly corpus: string;
  /** A fresh index per test (unique per run too, for servers that outlive it), holding `docs`. */
  fresh(settings?: IndexSettings, docs?: SearchDocument[]): Promise<string>;
}
