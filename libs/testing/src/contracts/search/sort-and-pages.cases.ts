import type { SearchContractContext } from './context';
import { SEARCH_CONTRACT_SETTINGS, article, ids } from './fixtures';

/** Sorting with and without a query, and page numbers with totals. */
export function describeSortAndPageCases(ctx: SearchContractContext): void {
  describe('sorting and pages', () => {
    it('lists by a field when the query is empty (latest, popular)', async () => {
      const latest = await ctx.search.search(ctx.corpus, {
        filters: { category: 'blockchain' },
        sort: [{ field: 'publishedAt', order: 'desc' }],
      });
      expect(ids(latest)).toEqual(['crypto-policy', 'eth-upgrade', 'bc-future']);
      const popular = await ctx.search.search(ctx.corpus, {
        sort: [{ field: 'views', order: 'desc' }],
        hitsPerPage: 3,
      });
      expect(ids(popular)).toEqual(['openai-invest', 'nvidia-chip', 'eth-upgrade']);
    });

    it('says whether the hits match every word of the query, or only some of them', async () => {
      const every = await ctx.search.search(ctx.corpus, { q: '블록체인 미래' });
      expect(ids(every)[0]).toBe('bc-future');
      expect(every.allWordsMatched).toBe(true);
      // No document has the last word: rather than nothing, those with the others, flagged as partial.
      const some = await ctx.search.search(ctx.corpus, { q: '블록체인 냉장고' });
      expect(ids(some)).toContain('bc-future');
      expect(some.allWordsMatched).toBe(false);
      const none = await ctx.search.search(ctx.corpus, { q: '냉장고' });
      expect({ total: none.total, allWordsMatched: none.allWordsMatched }).toEqual({
        total: 0,
        allWordsMatched: true,
      });
      expect((await ctx.search.search(ctx.corpus, {})).allWordsMatched).toBe(true);
    });

    it('sorts the matches of a query by a field', async () => {
      const result = await ctx.search.search(ctx.corpus, {
        q: '블록체인',
        sort: [{ field: 'views', order: 'asc' }],
      });
      expect(ids(result)).toEqual(['bc-future']);
      const newest = await ctx.search.search(ctx.corpus, {
        q: '투자',
        sort: [{ field: 'publishedAt', order: 'desc' }],
      });
      expect(ids(newest)).toEqual(['crypto-policy', 'openai-invest']);
    });

    it('pages with totals', async () => {
      const docs = Array.from({ length: 25 }, (_, i) =>
        article(`page-${i}`, i, i, { title: `페이지 테스트 기사 ${i}` }),
      );
      const index = await ctx.fresh(SEARCH_CONTRACT_SETTINGS, docs);
      const sort = [{ field: 'publishedAt', order: 'desc' as const }];
      const third = await ctx.search.search(index, { sort, page: 3, hitsPerPage: 10 });
      expect(third).toMatchObject({ total: 25, page: 3, hitsPerPage: 10, totalPages: 3 });
      expect(ids(third)).toEqual(['page-4', 'page-3', 'page-2', 'page-1', 'page-0']);
      await expect(ctx.search.search(index, { sort, page: 4, hitsPerPage: 10 })).resolves.toMatchObject({
        hits: [],
        total: 25,
        totalPages: 3,
      });
      await expect(ctx.search.search(index, { q: '테스트', hitsPerPage: 20 })).resolves.toMatchObject({
        total: 25,
        totalPages: 2,
      });
    });
  });
}
