import { SearchInputError } from '@pulse/platform/search';
import type { SearchContractContext } from './context';
import { DAY, T0, ids } from './fixtures';

/** Filters by equality, several values, ranges and arrays; values stay data; undeclared fields are refused. */
export function describeFilterCases(ctx: SearchContractContext): void {
  describe('filters', () => {
    const filtered = (filters: Record<string, unknown>) =>
      ctx.search
        .search(ctx.corpus, {
          filters: filters as never,
          sort: [{ field: 'publishedAt', order: 'asc' }],
          hitsPerPage: 100,
        })
        .then(ids);

    it('filters by equality, ignoring case as Meilisearch does', async () => {
      await expect(filtered({ category: 'ai' })).resolves.toEqual(['openai-invest', 'genai-market']);
      await expect(filtered({ category: 'AI' })).resolves.toEqual(['openai-invest', 'genai-market']);
    });

    it('filters by any of several values', async () => {
      await expect(filtered({ type: ['insight', 'analysis'] })).resolves.toEqual([
        'genai-market',
        'web-security',
        'crypto-policy',
      ]);
      await expect(filtered({ type: [] })).resolves.toEqual([]);
    });

    it('filters by a numeric range (a period)', async () => {
      await expect(filtered({ publishedAt: { gte: T0 + 2 * DAY, lte: T0 + 4 * DAY } })).resolves.toEqual([
        'openai-invest',
        'genai-market',
        'eth-upgrade',
      ]);
      await expect(filtered({ publishedAt: { gt: T0 + 6 * DAY } })).resolves.toEqual(['crypto-policy']);
    });

    it('matches an array field when any element matches, and combines filters', async () => {
      await expect(filtered({ tags: '금융' })).resolves.toEqual(['bc-future']);
      await expect(filtered({ category: 'blockchain', type: 'news' })).resolves.toEqual([
        'bc-future',
        'eth-upgrade',
      ]);
    });

    it('passes values with quotes and backslashes as data, never as filter syntax', async () => {
      await expect(filtered({ category: 'ai" OR category = "blockchain' })).resolves.toEqual([]);
      await expect(filtered({ category: 'ai\\' })).resolves.toEqual([]);
    });

    it('refuses filters and sorts on fields not declared for them', async () => {
      await expect(ctx.search.search(ctx.corpus, { filters: { views: 1 } })).rejects.toBeInstanceOf(
        SearchInputError,
      );
      await expect(
        ctx.search.search(ctx.corpus, { sort: [{ field: 'title', order: 'asc' }] }),
      ).rejects.toBeInstanceOf(SearchInputError);
      await expect(ctx.search.search(ctx.corpus, { hitsPerPage: 0 })).rejects.toBeInstanceOf(
        SearchInputError,
      );
    });
  });
}
