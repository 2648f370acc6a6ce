import {
  SEARCH_CONTRACT_SETTINGS,
  describeSearchIndexContract,
  SEARCH_CONTRACT_CORPUS,
  realMeilisearchFromEnv,
  startMeilisearchStub,
  type MeilisearchStub,
} from '@pulse/testing';
import { SearchBackendError } from './search.errors';
import { MeilisearchSearchIndex } from './meilisearch.search';
import { createSearchIndex } from './search.factory';

// CI runs the contract against a stub of Meilisearch's HTTP API (libs/testing/src/meilisearch-stub/).
// With MEILISEARCH_TEST_URL set it runs against that real server instead, relevance included ('engine').
// The request checks below always use the stub: they read what it received. See README.md in this folder.
const real = realMeilisearchFromEnv();
let stub: MeilisearchStub;
beforeAll(async () => {
  stub = await startMeilisearchStub({ apiKey: 'test-key' });
});
afterAll(async () => {
  await stub.close();
});

const adapter = (options: Partial<ConstructorParameters<typeof MeilisearchSearchIndex>[0]> = {}) =>
  new MeilisearchSearchIndex({ url: stub.url, apiKey: stub.apiKey, indexPrefix: 'pulse_', ...options });

if (real) {
  describeSearchIndexContract(
    `meilisearch, a real server at ${real.url}`,
    () => new MeilisearchSearchIndex(real),
    'engine',
  );
} else {
  describeSearchIndexContract(
    'meilisearch, against a stub of its HTTP API',
    () => adapter(),
    'protocol-stub',
  );
}

describe('MeilisearchSearchIndex: what Meilisearch receives', () => {
  let search: MeilisearchSearchIndex;
  const requestsSince = (mark: number) => stub.requests.slice(mark);

  beforeAll(async () => {
    search = adapter();
    await search.ensureIndex('articles', SEARCH_CONTRACT_SETTINGS);
    await search.upsert('articles', SEARCH_CONTRACT_CORPUS);
  });

  it('creates the prefixed index with id as primary key', () => {
    expect(stub.requests).toContainEqual({
      method: 'POST',
      path: '/indexes',
      body: { uid: 'pulse_articles', primaryKey: 'id' },
    });
  });

  it('applies settings for Korean text: field order, filters, sorts, locale, typo tolerance, ranking rules', () => {
    expect(stub.settingsOf('pulse_articles')).toMatchObject({
      searchableAttributes: [
        ...['title', 'summary', 'body', 'tags'],
        ...['_stems.title', '_stems.summary', '_stems.body', '_stems.tags'],
        ...['_parts.title', '_parts.summary', '_parts.body', '_parts.tags'],
        '_choseong',
      ],
      filterableAttributes: ['category', 'type', 'tags', 'publishedAt'],
      sortableAttributes: ['publishedAt', 'views'],
      displayedAttributes: ['*'],
      rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness'],
      typoTolerance: {
        enabled: true,
        minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 },
        // Kept as a set, so answered sorted (as Meilisearch does).
        disableOnAttributes: ['_choseong', '_parts.body', '_parts.summary', '_parts.tags', '_parts.title'],
      },
      localizedAttributes: [{ attributePatterns: ['*'], locales: ['kor'] }],
      pagination: { maxTotalHits: 100_000 },
      synonyms: {},
    });
  });

  it('sends synonym groups as Meilisearch synonyms, every spelling to the others, lowercased', async () => {
    await adapter().ensureIndex('synonyms', {
      ...SEARCH_CONTRACT_SETTINGS,
      synonyms: [
        ['엔비디아', 'NVIDIA'],
        ['생성형 AI', 'GenAI'],
      ],
    });
    expect(stub.settingsOf('pulse_synonyms')?.synonyms).toEqual({
      엔비디아: ['nvidia'],
      nvidia: ['엔비디아'],
      '생성형 ai': ['genai'],
      genai: ['생성형 ai'],
    });
  });

  it('sends declared field languages as localizedAttributes, one rule per list of locales', async () => {
    await adapter().ensureIndex('localized', {
      ...SEARCH_CONTRACT_SETTINGS,
      locales: { title: ['kor'], summary: ['kor'], body: ['kor', 'eng'] },
    });
    expect(stub.settingsOf('pulse_localized')?.localizedAttributes).toEqual([
      { attributePatterns: ['title', 'summary'], locales: ['kor'] },
      { attributePatterns: ['body'], locales: ['kor', 'eng'] },
    ]);
  });

  it('sends each document with its analysed fields (stems, compound parts, 초성) and waits for the task', () => {
    const added = stub.requests.find(
      (r) => r.method === 'POST' && r.path === '/indexes/pulse_articles/documents',
    );
    const sent = added?.body as Array<Record<string, unknown>>;
    const first = sent[0];
    expect(first).toMatchObject({ id: 'bc-future', title: SEARCH_CONTRACT_CORPUS[0].title });
    // '블록체인 기술의 미래와 과제': the particles go, in text order; the body's '블록체인이' too.
    expect(first._stems).toEqual({
      title: '기술 미래',
      summary: expect.any(String),
      body: expect.any(String),
    });
    expect((first._stems as Record<string, string>).body.split(' ')).toContain('블록체인');
    expect(String(first._choseong).split(' ')).toContain('jmqfcd'); // ㅂㄹㅊㅇ, 블록체인
    const genai = sent.find((doc) => doc.id === 'genai-market')!;
    expect((genai._parts as Record<string, string>).title.split(' ')).toContain('인공지능');
    const at = stub.requests.indexOf(added!);
    expect(stub.requests[at + 1]).toMatchObject({
      method: 'GET',
      path: expect.stringMatching(/^\/tasks\/\d+$/),
    });
  });

  it('translates a query into its analysed words, escaped filters, sort, pages, highlight markers and locale', async () => {
    const mark = stub.requests.length;
    await search.search('articles', {
      q: 'ㅂㄹㅊㅇ 규제에서',
      filters: { category: ['blockchain', 'a"b\\'], publishedAt: { gte: 1, lt: 2 }, tags: '금융' },
      sort: [{ field: 'publishedAt', order: 'desc' }],
      page: 2,
      hitsPerPage: 5,
      highlight: ['title'],
      crop: { fields: ['body'], length: 60 },
    });
    // The first request: nothing matches these filters, so the adapter asks again with fewer words.
    expect(requestsSince(mark)[0]).toEqual({
      method: 'POST',
      path: '/indexes/pulse_articles/search',
      body: {
        q: 'jmqfcd 규제',
        filter:
          'category IN ["blockchain", "a\\"b\\\\"] AND (publishedAt >= 1 AND publishedAt < 2) AND tags = "금융"',
        sort: ['publishedAt:desc'],
        page: 2,
        hitsPerPage: 5,
        showRankingScore: true,
        showRankingScoreDetails: true,
        matchingStrategy: 'last',
        locales: ['kor'],
        attributesToHighlight: ['title', 'body'],
        highlightPreTag: '\uE000',
        highlightPostTag: '\uE001',
      },
    });
  });

  it.each([
    ['블록체인으로', '블록체인', '<mark>블록체인</mark> 기술의 미래와 과제'],
    ['ㅂㄹㅊㅇ', 'jmqfcd', '<mark>블록체인</mark> 기술의 미래와 과제'],
    ['OpenAI투자', 'openai 투자', '<mark>OpenAI</mark>, 마이크로소프트로부터 대규모 <mark>투자</mark> 유치'],
  ])("asks for '%s' as '%s' and marks the original title itself", async (q, sent, title) => {
    const mark = stub.requests.length;
    const result = await search.search('articles', { q, highlight: ['title'] });
    expect(requestsSince(mark)[0].body).toMatchObject({ q: sent });
    expect(result.hits[0].highlights.title).toBe(title);
  });

  it('asks again without a first word that no document has, and says not every word matched', async () => {
    const mark = stub.requests.length;
    const result = await search.search('articles', { q: '냉장고 블록체인' });
    expect(requestsSince(mark).map((request) => (request.body as { q: string }).q)).toEqual([
      '냉장고 블록체인',
      '블록체인',
    ]);
    expect(result).toMatchObject({ total: 1, allWordsMatched: false, hits: [{ id: 'bc-future' }] });
  });

  it('asks nothing of the server when an any-of filter lists no values', async () => {
    const mark = stub.requests.length;
    await expect(search.search('articles', { filters: { category: [] } })).resolves.toMatchObject({
      total: 0,
      hits: [],
    });
    expect(requestsSince(mark)).toEqual([]);
  });

  it('reports an unreachable server as unhealthy instead of throwing', async () => {
    const down = new MeilisearchSearchIndex({ url: 'http://127.0.0.1:9', indexPrefix: 'pulse_' });
    await expect(down.check()).resolves.toMatchObject({ ok: false, reason: expect.any(String) });
  });

  it('fails a write whose task Meilisearch reports as failed', async () => {
    const other = adapter({ indexPrefix: 'dropped_' });
    await other.ensureIndex('docs', SEARCH_CONTRACT_SETTINGS);
    stub.dropIndex('dropped_docs'); // as if an operator deleted it: the deletion task now fails
    await expect(other.remove('docs', ['x'])).rejects.toThrow(SearchBackendError);
    await expect(other.remove('docs', ['x'])).rejects.toThrow(/index_not_found/);
  });

  it('sends the API key', async () => {
    await expect(
      adapter({ apiKey: 'wrong-key' }).ensureIndex('articles', SEARCH_CONTRACT_SETTINGS),
    ).rejects.toThrow(/API key is invalid/);
  });
});

describe('createSearchIndex with SEARCH_DRIVER=meilisearch', () => {
  it('builds the Meilisearch adapter with the configured URL, key and prefix', async () => {
    const logger = { info: jest.fn(), warn: jest.fn() };
    const index = await createSearchIndex(
      {
        SEARCH_DRIVER: 'meilisearch',
        MEILISEARCH_URL: stub.url,
        MEILISEARCH_API_KEY: stub.apiKey,
        SEARCH_INDEX_PREFIX: 'factory_',
      },
      { logger: logger as never },
    );
    expect(index).toBeInstanceOf(MeilisearchSearchIndex);
    await index.ensureIndex('articles', SEARCH_CONTRACT_SETTINGS);
    expect(stub.settingsOf('factory_articles')).toBeDefined();
  });
});
