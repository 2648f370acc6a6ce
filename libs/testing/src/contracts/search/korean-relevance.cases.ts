import type { SearchContractContext } from './context';
import { ids } from './fixtures';

/**
 * What the Korean relevance suite (docs/design.md §6) asks of an adapter.
 *
 * Relevance expectations differ by target, on purpose and visibly:
 * - 'engine': the adapter ranks text itself (the embedded engine). Every relevance case asserts its
 *   expected top result.
 * - 'protocol-stub': the adapter talks to a stub of a remote engine's HTTP API, which matches plain
 *   substrings only. Cases that need the server's own analysis (particles, compounds, typos) assert that
 *   the query is accepted and answered in the port's shape, and say so in their names; cases that a
 *   substring match or the adapter itself satisfies (초성 is the adapter's) assert the document is found.
 * Nothing is skipped for either.
 */
export type SearchRelevance = 'engine' | 'protocol-stub';

export interface RelevanceCase {
  query: string;
  /** The expected first result, or documents that must all be found (order left to the engine). */
  expected: { top: string; titleHighlight?: string } | { includes: string[] };
  /** What makes it match: the server's own analysis (absent from a protocol stub), a plain substring, or the adapter. */
  needs: 'analysis' | 'substring' | 'adapter';
  what: string;
}

export const KOREAN_RELEVANCE_CASES: RelevanceCase[] = [
  { query: '블록체인', expected: { top: 'bc-future' }, needs: 'substring', what: 'a plain Korean word' },
  {
    query: '블록체인의',
    expected: { top: 'bc-future', titleHighlight: '<mark>블록체인</mark> 기술의 미래와 과제' },
    needs: 'analysis',
    what: 'particle 의 stripped, only the noun marked',
  },
  { query: '블록체인은', expected: { top: 'bc-future' }, needs: 'analysis', what: 'particle 은 stripped' },
  {
    query: '블록체인에서',
    expected: { top: 'bc-future' },
    needs: 'analysis',
    what: 'particle 에서 stripped',
  },
  {
    query: '블록체인으로',
    expected: { top: 'bc-future' },
    needs: 'analysis',
    what: 'particle 으로 stripped',
  },
  {
    query: '엔비디아가 공개한',
    expected: { top: 'nvidia-chip' },
    needs: 'analysis',
    what: 'particle and verb ending stripped',
  },
  {
    query: 'OpenAI 투자',
    expected: { top: 'openai-invest' },
    needs: 'substring',
    what: 'Latin and Korean words',
  },
  {
    query: 'OpenAI투자',
    expected: { top: 'openai-invest' },
    needs: 'analysis',
    what: 'mixed scripts split at the boundary',
  },
  { query: 'ㅂㄹㅊㅇ', expected: { top: 'bc-future' }, needs: 'adapter', what: '초성 query' },
  { query: 'ㅇㄷㄹㅇ', expected: { top: 'eth-upgrade' }, needs: 'adapter', what: '초성 query for 이더리움' },
  {
    query: '인공지능',
    expected: { includes: ['genai-market', 'openai-invest'] },
    needs: 'substring',
    what: "noun inside '생성형인공지능'",
  },
  {
    query: '생성형인공지능',
    expected: { includes: ['genai-market', 'openai-invest'] },
    needs: 'analysis',
    what: "compound also found written apart, '생성형 인공지능'",
  },
  { query: 'etherum', expected: { top: 'eth-upgrade' }, needs: 'analysis', what: 'Latin typo, one edit' },
  { query: 'ether', expected: { top: 'eth-upgrade' }, needs: 'substring', what: 'prefix of the last word' },
];

/** One test per KOREAN_RELEVANCE_CASES entry, asserting as much as `relevance` allows. */
export function describeKoreanRelevanceCases(ctx: SearchContractContext, relevance: SearchRelevance): void {
  describe('Korean relevance suite', () => {
    for (const { query, expected, needs, what } of KOREAN_RELEVANCE_CASES) {
      if (relevance === 'protocol-stub' && needs === 'analysis') {
        it(`'${query}' (${what}): answered in the port's shape only; relevance is the server's analysis, which a protocol stub does not do`, async () => {
          const result = await ctx.search.search(ctx.corpus, { q: query, highlight: ['title'] });
          expect(result).toEqual({
            hits: expect.any(Array),
            total: expect.any(Number),
            page: 1,
            hitsPerPage: 20,
            totalPages: expect.any(Number),
            allWordsMatched: expect.any(Boolean),
          });
          for (const hit of result.hits) {
            expect(hit).toEqual({
              id: hit.doc.id,
              doc: expect.any(Object),
              score: expect.any(Number),
              highlights: { title: expect.any(String) },
            });
          }
        });
      } else if ('includes' in expected) {
        it(`'${query}' finds ${expected.includes.join(' and ')} (${what})`, async () => {
          await expect(ctx.search.search(ctx.corpus, { q: query }).then(ids)).resolves.toEqual(
            expect.arrayContaining(expected.includes),
          );
        });
      } else if (relevance === 'engine') {
        it(`'${query}' ranks ${expected.top} first (${what})`, async () => {
          const result = await ctx.search.search(ctx.corpus, { q: query, highlight: ['title', 'summary'] });
          expect(ids(result)[0]).toBe(expected.top);
          const { title, summary } = result.hits[0].highlights;
          if (expected.titleHighlight) expect(title).toBe(expected.titleHighlight);
          expect(title + summary).toContain('<mark>');
        });
      } else {
        // A stub's order is not relevance: only that the document is found is the adapter's doing.
        it(`'${query}' finds ${expected.top} (${what}; ${needs === 'adapter' ? 'done by the adapter' : 'a substring match'})`, async () => {
          await expect(ctx.search.search(ctx.corpus, { q: query }).then(ids)).resolves.toContain(
            expected.top,
          );
        });
      }
    }
  });
}
