import { SearchIndexNotFoundError, SearchInputError } from '@pulse/platform/search';
import type { SearchContractContext } from './context';
import { SEARCH_CONTRACT_CORPUS, SEARCH_CONTRACT_SETTINGS, byId, ids } from './fixtures';

/** ensureIndex, upsert, remove and clear, and the documents a search returns. */
export function describeDocumentCases(ctx: SearchContractContext): void {
  describe('indexes and documents', () => {
    it('refuses an index this process has not ensured', async () => {
      await expect(ctx.search.search('never_ensured', { q: 'x' })).rejects.toBeInstanceOf(
        SearchIndexNotFoundError,
      );
      await expect(ctx.search.upsert('never_ensured', [{ id: 'a' }])).rejects.toBeInstanceOf(
        SearchIndexNotFoundError,
      );
    });

    it('returns the stored document unchanged in each hit', async () => {
      const result = await ctx.search.search(ctx.corpus, { q: '엔비디아' });
      expect(result.hits[0]).toMatchObject({ id: 'nvidia-chip', doc: byId('nvidia-chip') });
      expect(Object.keys(result.hits[0].doc).sort()).toEqual(Object.keys(byId('nvidia-chip')).sort());
    });

    it('keeps documents when ensureIndex runs again', async () => {
      const index = await ctx.fresh();
      await ctx.search.ensureIndex(index, SEARCH_CONTRACT_SETTINGS);
      await expect(ctx.search.search(index, {})).resolves.toMatchObject({
        total: SEARCH_CONTRACT_CORPUS.length,
      });
    });

    it('replaces a document upserted again under the same id', async () => {
      const index = await ctx.fresh();
      await ctx.search.upsert(index, [
        { ...byId('nvidia-chip'), title: '엔비디아 분기 실적 발표', summary: '매출 증가' },
      ]);
      await expect(ctx.search.search(index, { q: '차세대' }).then(ids)).resolves.toEqual([]);
      await expect(ctx.search.search(index, { q: '실적' }).then(ids)).resolves.toEqual(['nvidia-chip']);
      await expect(ctx.search.search(index, {})).resolves.toMatchObject({
        total: SEARCH_CONTRACT_CORPUS.length,
      });
    });

    it('removes documents by id and ignores unknown ids', async () => {
      const index = await ctx.fresh();
      await ctx.search.remove(index, ['nvidia-chip', 'no-such-id']);
      await expect(ctx.search.search(index, { q: '엔비디아' }).then(ids)).resolves.toEqual([]);
      await expect(ctx.search.search(index, {})).resolves.toMatchObject({
        total: SEARCH_CONTRACT_CORPUS.length - 1,
      });
    });

    it('clears every document and keeps the settings', async () => {
      const index = await ctx.fresh();
      await ctx.search.clear(index);
      await expect(ctx.search.search(index, {})).resolves.toMatchObject({ total: 0, hits: [] });
      await ctx.search.upsert(index, [byId('eth-upgrade')]);
      await expect(
        ctx.search.search(index, { filters: { category: 'blockchain' } }).then(ids),
      ).resolves.toEqual(['eth-upgrade']);
    });

    it('returns only the displayed fields, and always the id', async () => {
      const index = await ctx.fresh({ ...SEARCH_CONTRACT_SETTINGS, displayed: ['title', 'category'] });
      const [hit] = (await ctx.search.search(index, { q: '엔비디아' })).hits;
      expect(hit.doc).toEqual({ id: 'nvidia-chip', title: byId('nvidia-chip').title, category: 'bigtech' });
    });

    it('indexes with declared field languages and answers as without them', async () => {
      const locales = { title: ['kor'], summary: ['kor'], body: ['kor'], tags: ['kor'] };
      const index = await ctx.fresh({ ...SEARCH_CONTRACT_SETTINGS, locales });
      await expect(ctx.search.search(index, { q: '엔비디아' }).then(ids)).resolves.toContain('nvidia-chip');
    });

    it('refuses languages for a field that is not searchable, or codes that are not ISO 639', async () => {
      await expect(
        ctx.search.ensureIndex('contract_bad_locales', {
          ...SEARCH_CONTRACT_SETTINGS,
          locales: { category: ['kor'] },
        }),
      ).rejects.toThrow(/settings\.locales\.category/);
      await expect(
        ctx.search.ensureIndex('contract_bad_locales', {
          ...SEARCH_CONTRACT_SETTINGS,
          locales: { title: ['KR'] },
        }),
      ).rejects.toBeInstanceOf(SearchInputError);
    });

    it('refuses document ids the engines cannot store', async () => {
      await expect(ctx.search.upsert(ctx.corpus, [{ id: 'has space' }])).rejects.toBeInstanceOf(
        SearchInputError,
      );
    });
  });
}
