import type { SearchContractContext } from './context';
import { ids, SEARCH_CONTRACT_CORPUS, SEARCH_CONTRACT_SETTINGS } from './fixtures';

/**
 * Synonym groups in the index settings (docs/services.md 'The content service': search that forgives): a query word finds documents
 * that hold another spelling of its group, on every adapter. The queries are single words, which a
 * protocol stub's substring matcher can expand as Meilisearch does; how a synonym ranks is the engine's.
 */
const GROUPS = [
  ['엔비디아', 'NVIDIA', '엔비'],
  ['이더리움', 'Ethereum', 'ETH'],
  ['마이크로소프트', 'Microsoft', '마소'],
];
const SETTINGS = { ...SEARCH_CONTRACT_SETTINGS, synonyms: GROUPS };

export function describeSynonymCases(ctx: SearchContractContext): void {
  describe('synonyms', () => {
    let index: string;
    beforeAll(async () => {
      index = await ctx.fresh(SETTINGS, SEARCH_CONTRACT_CORPUS);
    });

    it.each([
      ['NVIDIA', 'nvidia-chip', 'an English name finds the Korean one'],
      ['엔비', 'nvidia-chip', 'an abbreviation finds the full name'],
      ['마소', 'openai-invest', 'a nickname finds the company'],
      ['ETH', 'eth-upgrade', 'a ticker finds the coin'],
    ])("'%s' finds %s (%s)", async (q, expected) => {
      await expect(ctx.search.search(index, { q }).then(ids)).resolves.toContain(expected);
    });

    it('finds nothing by a synonym the index does not declare', async () => {
      await expect(ctx.search.search(ctx.corpus, { q: '마소' }).then(ids)).resolves.toEqual([]);
    });

    it('takes new groups with the next ensureIndex, documents kept', async () => {
      const later = await ctx.fresh(SEARCH_CONTRACT_SETTINGS, SEARCH_CONTRACT_CORPUS);
      await expect(ctx.search.search(later, { q: '블체' }).then(ids)).resolves.toEqual([]);
      await ctx.search.ensureIndex(later, { ...SEARCH_CONTRACT_SETTINGS, synonyms: [['블록체인', '블체']] });
      await expect(ctx.search.search(later, { q: '블체' }).then(ids)).resolves.toContain('bc-future');
      await expect(ctx.search.search(later, { q: '블록체인' }).then(ids)).resolves.toContain('bc-future');
    });

    it('rejects a group of one spelling, naming it', async () => {
      await expect(
        ctx.search.ensureIndex(`${index}_bad`, { ...SEARCH_CONTRACT_SETTINGS, synonyms: [['엔비디아']] }),
      ).rejects.toThrow('settings.synonyms.0');
    });
  });
}

/** The engine ranks the spelling typed above another spelling of its group. */
export function describeSynonymRankingCases(ctx: SearchContractContext): void {
  describe('synonym ranking', () => {
    it('ranks a document with the typed spelling above one with a synonym', async () => {
      const index = await ctx.fresh({ ...SEARCH_CONTRACT_SETTINGS, synonyms: [['엔비디아', 'NVIDIA']] }, [
        { id: 'ko', title: '엔비디아 실적 발표', summary: '', body: '', tags: [] },
        { id: 'en', title: 'NVIDIA 실적 발표', summary: '', body: '', tags: [] },
      ]);
      await expect(ctx.search.search(index, { q: 'NVIDIA' }).then(ids)).resolves.toEqual(['en', 'ko']);
      await expect(ctx.search.search(index, { q: '엔비디아' }).then(ids)).resolves.toEqual(['ko', 'en']);
    });

    it("matches a multi-word spelling as one name: '오픈AI' finds 'OpenAI', 'GenAI' finds '생성형 인공지능'", async () => {
      const index = await ctx.fresh(
        {
          ...SEARCH_CONTRACT_SETTINGS,
          synonyms: [
            ['OpenAI', '오픈AI'],
            ['GenAI', '생성형 인공지능'],
          ],
        },
        SEARCH_CONTRACT_CORPUS,
      );
      await expect(ctx.search.search(index, { q: '오픈AI' }).then(ids)).resolves.toEqual(['openai-invest']);
      await expect(ctx.search.search(index, { q: 'GenAI' }).then(ids)).resolves.toContain('openai-invest');
    });
  });
}
