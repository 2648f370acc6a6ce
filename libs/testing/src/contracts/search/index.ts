import type { IndexSettings, SearchDocument, SearchIndex } from '@pulse/platform/search';
import type { SearchContractContext } from './context';
import { describeDocumentCases } from './documents.cases';
import { SEARCH_CONTRACT_CORPUS, SEARCH_CONTRACT_SETTINGS } from './fixtures';
import { describeFilterCases } from './filters.cases';
import { describeHighlightCases } from './highlights.cases';
import { describeKoreanRelevanceCases, type SearchRelevance } from './korean-relevance.cases';
import { describeSortAndPageCases } from './sort-and-pages.cases';
import { describeSynonymCases, describeSynonymRankingCases } from './synonyms.cases';

export { SEARCH_CONTRACT_CORPUS, SEARCH_CONTRACT_SETTINGS } from './fixtures';
export { KOREAN_RELEVANCE_CASES, type RelevanceCase, type SearchRelevance } from './korean-relevance.cases';

/**
 * The one behaviour every SearchIndex adapter must show, plus the Korean relevance suite (docs/design.md §6),
 * whose expectations depend on `relevance` (see SearchRelevance).
 */
export function describeSearchIndexContract(
  name: string,
  make: () => SearchIndex | Promise<SearchIndex>,
  relevance: SearchRelevance,
): void {
  describe(`SearchIndex contract: ${name} (relevance: ${relevance})`, () => {
    let search: SearchIndex;
    let counter = 0;
    let corpus: string;
    const ctx: SearchContractContext = {
      get search() {
        return search;
      },
      get corpus() {
        return corpus;
      },
      fresh: async (
        settings: IndexSettings = SEARCH_CONTRACT_SETTINGS,
        docs: SearchDocument[] = SEARCH_CONTRACT_CORPUS,
      ) => {
        const index = `contract_${process.pid}_${++counter}`;
        await search.ensureIndex(index, settings);
        await search.upsert(index, docs);
        return index;
      },
    };

    beforeAll(async () => {
      search = await make();
      corpus = await ctx.fresh();
    });
    afterAll(async () => {
      await search?.close();
    });

    it('reports healthy', async () => {
      await expect(search.check()).resolves.toEqual({ ok: true });
    });

    describeDocumentCases(ctx);
    describeFilterCases(ctx);
    describeSortAndPageCases(ctx);
    describeHighlightCases(ctx);
    describeKoreanRelevanceCases(ctx, relevance);
    describeSynonymCases(ctx);
    // A protocol stub matches substrings in no order: ranking and multi-word spellings are the server's.
    if (relevance === 'engine') describeSynonymRankingCases(ctx);
  });
}
