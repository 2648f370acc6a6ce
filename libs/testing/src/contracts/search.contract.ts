import {
  SearchIndexNotFoundError,
  SearchInputError,
  type IndexSettings,
  type SearchDocument,
  type SearchIndex,
  type SearchResult,
} from '@pulse/platform/search';

/**
 * The one behaviour every SearchIndex adapter must show, plus the Korean relevance suite (DESIGN §6).
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

type Article = SearchDocument & {
  title: string;
  summary: string;
  body: string;
  category: string;
  type: string;
  tags: string[];
  publishedAt: number;
  views: number;
};

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);

export const SEARCH_CONTRACT_SETTINGS: IndexSettings = {
  searchable: ['title', 'summary', 'body', 'tags'],
  filterable: ['category', 'type', 'tags', 'publishedAt'],
  sortable: ['publishedAt', 'views'],
};

const article = (id: string, day: number, views: number, fields: Partial<Article>): Article => ({
  id,
  title: '',
  summary: '',
  body: '',
  category: 'ai',
  type: 'news',
  tags: [],
  publishedAt: T0 + day * DAY,
  views,
  ...fields,
});

export const SEARCH_CONTRACT_CORPUS: Article[] = [
  article('bc-future', 1, 120, {
    title: '블록체인 기술의 미래와 과제',
    summary: '분산원장 기술이 금융 인프라를 바꾸고 있다',
    body: '전문가들은 블록체인이 결제와 정산 방식을 근본적으로 바꿀 것이라고 전망했다.',
    category: 'blockchain',
    tags: ['블록체인', '금융'],
  }),
  article('openai-invest', 2, 900, {
    title: 'OpenAI, 마이크로소프트로부터 대규모 투자 유치',
    summary: '생성형 인공지능 경쟁이 한층 가속된다',
    body: '이번 투자로 OpenAI는 연구 인력과 컴퓨팅 자원을 크게 늘릴 계획이다.',
    tags: ['OpenAI', '투자'],
  }),
  article('genai-market', 3, 300, {
    title: '생성형인공지능 시장 급성장',
    summary: '기업 도입이 빠르게 확산되고 있다',
    body: '시장조사업체는 관련 지출이 매년 두 배씩 늘어난다고 밝혔다.',
    type: 'insight',
    tags: ['시장'],
  }),
  article('eth-upgrade', 4, 450, {
    title: 'Ethereum 네트워크 업그레이드 완료',
    summary: '이더리움 수수료가 낮아졌다',
    body: '개발자들은 이번 업그레이드로 처리 속도가 개선되었다고 설명했다.',
    category: 'blockchain',
    tags: ['Ethereum'],
  }),
  article('nvidia-chip', 5, 700, {
    title: '엔비디아, 차세대 AI 칩 공개',
    summary: '데이터센터용 GPU 성능이 두 배로 향상됐다',
    body: '새 칩은 대규모 모델 학습 비용을 낮출 것으로 기대된다.',
    category: 'bigtech',
    tags: ['엔비디아', 'GPU'],
  }),
  article('web-security', 6, 50, {
    title: '<script>alert("x")</script> 보안 & "XSS" 점검',
    summary: '웹 서비스 취약점 분석',
    body: '입력값 검증이 빠진 페이지가 여전히 많다.',
    category: 'bigtech',
    type: 'analysis',
  }),
  article('crypto-policy', 7, 200, {
    title: '규제 당국의 가상자산 정책 변화',
    summary: '투자자 보호 규칙이 강화된다',
    body:
      '가상자산 시장은 올해 큰 변화를 겪었다. 각국 규제 당국은 투자자 보호를 위한 새로운 규칙을 내놓았고, ' +
      '거래소들은 상장 기준을 강화했다. 특히 스테이블코인은 결제 수단으로 주목받으며 은행권의 관심을 끌었다. ' +
      '전문가들은 내년에도 규제 논의가 이어질 것으로 본다.',
    category: 'blockchain',
    type: 'analysis',
  }),
];

const ids = (result: SearchResult) => result.hits.map((hit) => hit.id);
const byId = (id: string) => SEARCH_CONTRACT_CORPUS.find((doc) => doc.id === id)!;
/** Visible characters of highlight HTML: tags removed, entities counted as one, ellipses not counted. */
const visibleLength = (html: string) =>
  html
    .replace(/<\/?mark>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, '_')
    .replace(/…/g, '').length;

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

export function describeSearchIndexContract(
  name: string,
  make: () => SearchIndex | Promise<SearchIndex>,
  relevance: SearchRelevance,
): void {
  describe(`SearchIndex contract: ${name} (relevance: ${relevance})`, () => {
    let search: SearchIndex;
    let counter = 0;
    /** A fresh index per test (unique per run too, for servers that outlive it). */
    const fresh = async (
      settings: IndexSettings = SEARCH_CONTRACT_SETTINGS,
      docs: SearchDocument[] = SEARCH_CONTRACT_CORPUS,
    ) => {
      const index = `contract_${process.pid}_${++counter}`;
      await search.ensureIndex(index, settings);
      await search.upsert(index, docs);
      return index;
    };
    let corpus: string;

    beforeAll(async () => {
      search = await make();
      corpus = await fresh();
    });
    afterAll(async () => {
      await search?.close();
    });

    it('reports healthy', async () => {
      await expect(search.check()).resolves.toEqual({ ok: true });
    });

    describe('indexes and documents', () => {
      it('refuses an index this process has not ensured', async () => {
        await expect(search.search('never_ensured', { q: 'x' })).rejects.toBeInstanceOf(
          SearchIndexNotFoundError,
        );
        await expect(search.upsert('never_ensured', [{ id: 'a' }])).rejects.toBeInstanceOf(
          SearchIndexNotFoundError,
        );
      });

      it('returns the stored document unchanged in each hit', async () => {
        const result = await search.search(corpus, { q: '엔비디아' });
        expect(result.hits[0]).toMatchObject({ id: 'nvidia-chip', doc: byId('nvidia-chip') });
        expect(Object.keys(result.hits[0].doc).sort()).toEqual(Object.keys(byId('nvidia-chip')).sort());
      });

      it('keeps documents when ensureIndex runs again', async () => {
        const index = await fresh();
        await search.ensureIndex(index, SEARCH_CONTRACT_SETTINGS);
        await expect(search.search(index, {})).resolves.toMatchObject({
          total: SEARCH_CONTRACT_CORPUS.length,
        });
      });

      it('replaces a document upserted again under the same id', async () => {
        const index = await fresh();
        await search.upsert(index, [
          { ...byId('nvidia-chip'), title: '엔비디아 분기 실적 발표', summary: '매출 증가' },
        ]);
        await expect(search.search(index, { q: '차세대' }).then(ids)).resolves.toEqual([]);
        await expect(search.search(index, { q: '실적' }).then(ids)).resolves.toEqual(['nvidia-chip']);
        await expect(search.search(index, {})).resolves.toMatchObject({
          total: SEARCH_CONTRACT_CORPUS.length,
        });
      });

      it('removes documents by id and ignores unknown ids', async () => {
        const index = await fresh();
        await search.remove(index, ['nvidia-chip', 'no-such-id']);
        await expect(search.search(index, { q: '엔비디아' }).then(ids)).resolves.toEqual([]);
        await expect(search.search(index, {})).resolves.toMatchObject({
          total: SEARCH_CONTRACT_CORPUS.length - 1,
        });
      });

      it('clears every document and keeps the settings', async () => {
        const index = await fresh();
        await search.clear(index);
        await expect(search.search(index, {})).resolves.toMatchObject({ total: 0, hits: [] });
        await search.upsert(index, [byId('eth-upgrade')]);
        await expect(
          search.search(index, { filters: { category: 'blockchain' } }).then(ids),
        ).resolves.toEqual(['eth-upgrade']);
      });

      it('returns only the displayed fields, and always the id', async () => {
        const index = await fresh({ ...SEARCH_CONTRACT_SETTINGS, displayed: ['title', 'category'] });
        const [hit] = (await search.search(index, { q: '엔비디아' })).hits;
        expect(hit.doc).toEqual({ id: 'nvidia-chip', title: byId('nvidia-chip').title, category: 'bigtech' });
      });

      it('refuses document ids the engines cannot store', async () => {
        await expect(search.upsert(corpus, [{ id: 'has space' }])).rejects.toBeInstanceOf(SearchInputError);
      });
    });

    describe('filters', () => {
      const filtered = (filters: Record<string, unknown>) =>
        search
          .search(corpus, {
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
        await expect(search.search(corpus, { filters: { views: 1 } })).rejects.toBeInstanceOf(
          SearchInputError,
        );
        await expect(
          search.search(corpus, { sort: [{ field: 'title', order: 'asc' }] }),
        ).rejects.toBeInstanceOf(SearchInputError);
        await expect(search.search(corpus, { hitsPerPage: 0 })).rejects.toBeInstanceOf(SearchInputError);
      });
    });

    describe('sorting and pages', () => {
      it('lists by a field when the query is empty (latest, popular)', async () => {
        const latest = await search.search(corpus, {
          filters: { category: 'blockchain' },
          sort: [{ field: 'publishedAt', order: 'desc' }],
        });
        expect(ids(latest)).toEqual(['crypto-policy', 'eth-upgrade', 'bc-future']);
        const popular = await search.search(corpus, {
          sort: [{ field: 'views', order: 'desc' }],
          hitsPerPage: 3,
        });
        expect(ids(popular)).toEqual(['openai-invest', 'nvidia-chip', 'eth-upgrade']);
      });

      it('sorts the matches of a query by a field', async () => {
        const result = await search.search(corpus, {
          q: '블록체인',
          sort: [{ field: 'views', order: 'asc' }],
        });
        expect(ids(result)).toEqual(['bc-future']);
        const newest = await search.search(corpus, {
          q: '투자',
          sort: [{ field: 'publishedAt', order: 'desc' }],
        });
        expect(ids(newest)).toEqual(['crypto-policy', 'openai-invest']);
      });

      it('pages with totals', async () => {
        const docs = Array.from({ length: 25 }, (_, i) =>
          article(`page-${i}`, i, i, { title: `페이지 테스트 기사 ${i}` }),
        );
        const index = await fresh(SEARCH_CONTRACT_SETTINGS, docs);
        const sort = [{ field: 'publishedAt', order: 'desc' as const }];
        const third = await search.search(index, { sort, page: 3, hitsPerPage: 10 });
        expect(third).toMatchObject({ total: 25, page: 3, hitsPerPage: 10, totalPages: 3 });
        expect(ids(third)).toEqual(['page-4', 'page-3', 'page-2', 'page-1', 'page-0']);
        await expect(search.search(index, { sort, page: 4, hitsPerPage: 10 })).resolves.toMatchObject({
          hits: [],
          total: 25,
          totalPages: 3,
        });
        await expect(search.search(index, { q: '테스트', hitsPerPage: 20 })).resolves.toMatchObject({
          total: 25,
          totalPages: 2,
        });
      });
    });

    describe('highlights and crops', () => {
      it('wraps matches in <mark> and escapes everything else', async () => {
        const [hit] = (await search.search(corpus, { q: '보안', highlight: ['title', 'summary'] })).hits;
        expect(hit.highlights.title).toBe(
          '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; <mark>보안</mark> &amp; &quot;XSS&quot; 점검',
        );
        expect(hit.highlights.summary).toBe('웹 서비스 취약점 분석');
      });

      it('crops a long field to the asked length around the first match', async () => {
        const [hit] = (
          await search.search(corpus, { q: '스테이블코인', crop: { fields: ['body'], length: 40 } })
        ).hits;
        expect(hit.id).toBe('crypto-policy');
        expect(hit.highlights.body).toContain('<mark>스테이블코인</mark>');
        expect(hit.highlights.body.startsWith('…')).toBe(true);
        expect(visibleLength(hit.highlights.body)).toBeLessThanOrEqual(40);
      });

      it('returns highlight fields unmarked when the query is empty', async () => {
        const result = await search.search(corpus, {
          filters: { category: 'bigtech' },
          sort: [{ field: 'views', order: 'desc' }],
          highlight: ['title'],
        });
        expect(result.hits[0].highlights).toEqual({ title: '엔비디아, 차세대 AI 칩 공개' });
      });
    });

    describe('Korean relevance suite', () => {
      for (const { query, expected, needs, what } of KOREAN_RELEVANCE_CASES) {
        if (relevance === 'protocol-stub' && needs === 'analysis') {
          it(`'${query}' (${what}): answered in the port's shape only; relevance is the server's analysis, which a protocol stub does not do`, async () => {
            const result = await search.search(corpus, { q: query, highlight: ['title'] });
            expect(result).toEqual({
              hits: expect.any(Array),
              total: expect.any(Number),
              page: 1,
              hitsPerPage: 20,
              totalPages: expect.any(Number),
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
            await expect(search.search(corpus, { q: query }).then(ids)).resolves.toEqual(
              expect.arrayContaining(expected.includes),
            );
          });
        } else if (relevance === 'engine') {
          it(`'${query}' ranks ${expected.top} first (${what})`, async () => {
            const result = await search.search(corpus, { q: query, highlight: ['title', 'summary'] });
            expect(ids(result)[0]).toBe(expected.top);
            const { title, summary } = result.hits[0].highlights;
            if (expected.titleHighlight) expect(title).toBe(expected.titleHighlight);
            expect(title + summary).toContain('<mark>');
          });
        } else {
          // A stub's order is not relevance: only that the document is found is the adapter's doing.
          it(`'${query}' finds ${expected.top} (${what}; ${needs === 'adapter' ? 'done by the adapter' : 'a substring match'})`, async () => {
            await expect(search.search(corpus, { q: query }).then(ids)).resolves.toContain(expected.top);
          });
        }
      }
    });
  });
}
