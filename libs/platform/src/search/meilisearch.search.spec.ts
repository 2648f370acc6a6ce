import {
  SEARCH_CONTRACT_SETTINGS,
  describeSearchIndexContract,
  SEARCH_CONTRACT_CORPUS,
  startMeilisearchStub,
  type MeilisearchStub,
} from '@pulse/testing';
import { SearchBackendError } from './search.errors';
import { MeilisearchSearchIndex } from './meilisearch.search';
import { createSearchIndex } from './search.factory';

// Meilisearch cannot be installed on these machines: this runs against a stub of its HTTP API
// (libs/testing/src/meilisearch-stub/), not a real Meilisearch. See README.md in this folder.
let stub: MeilisearchStub;
beforeAll(async () => {
  stub = await startMeilisearchStub({ apiKey: 'test-key' });
});
afterAll(async () => {
  await stub.close();
});

const adapter = (options: Partial<ConstructorParameters<typeof MeilisearchSearchIndex>[0]> = {}) =>
  new MeilisearchSearchIndex({ url: stub.url, apiKey: stub.apiKey, indexPrefix: 'pulse_', ...options });

describeSearchIndexContract('meilisearch, against a stub of its HTTP API', () => adapter(), 'protocol-stub');

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
    expect(stub.settingsOf('pulse_articles')).toEqual({
      searchableAttributes: ['title', 'summary', 'body', 'tags', '_choseong'],
      filterableAttributes: ['category', 'type', 'tags', 'publishedAt'],
      sortableAttributes: ['publishedAt', 'views'],
      displayedAttributes: ['*'],
      rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness'],
      typoTolerance: {
        enabled: true,
        minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 },
        disableOnAttributes: ['_choseong'],
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

  it('sends each document with its 초성 field and waits for the task', () => {
    const added = stub.requests.find(
      (r) => r.method === 'POST' && r.path === '/indexes/pulse_articles/documents',
    );
    const first = (added?.body as Array<Record<string, unknown>>)[0];
    expect(first).toMatchObject({ id: 'bc-future', title: SEARCH_CONTRACT_CORPUS[0].title });
    expect(String(first._choseong).split(' ')).toContain('jmqfcd'); // ㅂㄹㅊㅇ, 블록체인
    const at = stub.requests.indexOf(added!);
    expect(stub.requests[at + 1]).toMatchObject({
      method: 'GET',
      path: expect.stringMatching(/^\/tasks\/\d+$/),
    });
  });

  it('translates a query into escaped filters, sort, pages, highlight markers, crop and locale', async () => {
    const mark = stub.requests.length;
    await search.search('articles', {
      q: 'ㅂㄹㅊㅇ 규제',
      filters: { category: ['blockchain', 'a"b\\'], publishedAt: { gte: 1, lt: 2 }, tags: '금융' },
      sort: [{ field: 'publishedAt', order: 'desc' }],
      page: 2,
      hitsPerPage: 5,
      highlight: ['title'],
      crop: { fields: ['body'], length: 60 },
    });
    expect(requestsSince(mark)).toEqual([
      {
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
          attributesToCrop: ['body'],
          cropLength: 30,
          cropMarker: '\uE002',
        },
      },
    ]);
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
