import { archiveQuerySchema, searchPageQuerySchema } from '@pulse/contracts';
import { createSearchIndex, type SearchIndex } from '@pulse/platform';
import { startMeilisearchStub, type MeilisearchStub } from '@pulse/testing';
import { ZERO_ENGAGEMENT, type ArticleRecord } from '../articles/article.record';
import { ARTICLE_INDEX, ARTICLE_INDEX_SETTINGS, toSearchDocument } from './article-document';
import { demoRecord } from '../tech-analysis/demo/demo-analyses.seeder';
import { loadDemoAnalyses } from '../tech-analysis/demo/demo-analyses';
import { archiveIndexQuery, searchPageIndexQuery } from './index-queries';
import { techAnalysisDocId, toTechAnalysisDocument } from './tech-analysis-document';

/**
 * The article index as the Meilisearch adapter sends it, checked by the stub of Meilisearch's HTTP API
 * (CI has no Meilisearch; the by-hand run against a real one is in libs/platform/src/search/README.md).
 * The stub validates settings, filter syntax and filterable/sortable attributes; it matches substrings,
 * so only plain words are asked.
 */

const NOW = Date.parse('2026-03-02T03:00:00.000Z');
const record = (id: string, fields: Partial<ArticleRecord>): ArticleRecord => ({
  _id: id,
  type: 'news',
  state: 'published',
  title: '',
  summary: '',
  content: '',
  imageUrl: null,
  publishedAt: new Date(NOW - 3_600_000).toISOString(),
  updatedAt: new Date(NOW).toISOString(),
  createdAt: new Date(NOW).toISOString(),
  primaryCategory: 'blockchain',
  secondaryCategory: null,
  tags: [],
  youtubeVideos: [],
  originalSources: [],
  ...ZERO_ENGAGEMENT,
  techMeta: null,
  insightMeta: null,
  translationStatus: 'translated',
  sourceVersion: null,
  ...fields,
});

const kubernetes = demoRecord(
  loadDemoAnalyses().find((sample) => sample.technologyName === 'Kubernetes')!,
  NOW,
);

let stub: MeilisearchStub;
let search: SearchIndex;
beforeAll(async () => {
  stub = await startMeilisearchStub({ apiKey: 'content-test-key' });
  search = await createSearchIndex(
    {
      SEARCH_DRIVER: 'meilisearch',
      MEILISEARCH_URL: stub.url,
      MEILISEARCH_API_KEY: stub.apiKey,
      SEARCH_INDEX_PREFIX: 'content_',
    },
    { logger: { info: () => undefined, warn: () => undefined } as never },
  );
  await search.ensureIndex(ARTICLE_INDEX, ARTICLE_INDEX_SETTINGS);
  await search.upsert(ARTICLE_INDEX, [
    toSearchDocument(
      record('nft-drop', {
        title: 'NFT 거래량 감소',
        summary: 'NFT 시장이 식었다.',
        content: '<p>대체불가토큰 거래소 &amp; 마켓</p>',
        tags: [{ id: 'nft', name: 'NFT', slug: 'nft' }],
        likesCount: 3,
      }),
    ),
    toSearchDocument(
      record('gpu', {
        title: '엔비디아 GPU 공개',
        primaryCategory: 'big-tech',
        secondaryCategory: 'gen-ai',
        type: 'analysis',
        tags: [{ id: 'gpu', name: 'GPU', slug: 'gpu' }],
        publishedAt: new Date(NOW - 40 * 86_400_000).toISOString(),
      }),
    ),
    toTechAnalysisDocument(kubernetes),
  ]);
});
afterAll(async () => {
  await search?.close();
  await stub?.close();
});

const ids = (result: { hits: Array<{ id: string }> }) => result.hits.map((hit) => hit.id);

describe('the article index on the Meilisearch adapter (against a stub of its HTTP API)', () => {
  it('is created with the article fields, Korean localized attributes and the sorts the lists use', () => {
    expect(stub.settingsOf('content_articles')).toMatchObject({
      // The text as written first, then the adapter's Korean analysis of it (meilisearch.analysis.ts).
      searchableAttributes: [
        ...['title', 'tags', 'summary', 'body'],
        ...['_stems.title', '_stems.tags', '_stems.summary', '_stems.body'],
        ...['_parts.title', '_parts.tags', '_parts.summary', '_parts.body'],
        '_choseong',
      ],
      filterableAttributes: ['categories', 'type', 'tagSlugs', 'publishedAt', 'state'],
      sortableAttributes: ['publishedAt', 'likesCount', 'views'],
      displayedAttributes: ['id', 'title', 'summary', 'body'],
      localizedAttributes: [{ attributePatterns: ['title', 'tags', 'summary', 'body'], locales: ['kor'] }],
    });
  });

  it('answers the search page query with its filters, sort, highlight and snippet', async () => {
    const query = searchPageIndexQuery(
      searchPageQuerySchema.parse({
        q: 'NFT',
        category: 'blockchain',
        type: 'news',
        period: 'week',
        sort: 'popular',
      }),
      NOW,
    );
    const result = await search.search(ARTICLE_INDEX, { ...query, page: 1, hitsPerPage: 12 });
    expect(ids(result)).toEqual(['nft-drop']);
    expect(result.hits[0].highlights.title).toBe('<mark>NFT</mark> 거래량 감소');
    const sent = stub.requests
      .filter((request) => request.path === '/indexes/content_articles/search')
      .at(-1);
    expect(sent?.body).toMatchObject({
      q: 'nft', // the query's words as the adapter's analyser normalises them

      filter: `state = "published" AND categories = "blockchain" AND type = "news" AND publishedAt >= ${NOW - 7 * 86_400_000}`,
      sort: ['likesCount:desc', 'publishedAt:desc'],
      // The adapter crops the whole text itself, around its own marks (libs/platform/src/search/README.md).
      attributesToHighlight: ['title', 'summary', 'body'],
      locales: ['kor'],
    });
  });

  it('answers the archive query: a category matched as primary or secondary, NFT by tag slugs', async () => {
    const archive = (request: Record<string, string>) =>
      search.search(ARTICLE_INDEX, {
        ...archiveIndexQuery(archiveQuerySchema.parse(request), NOW),
        hitsPerPage: 12,
      });
    expect(ids(await archive({ q: 'GPU', category: 'gen-ai', sort: 'views' }))).toEqual(['gpu']);
    expect(ids(await archive({ q: 'GPU', category: 'gen-ai', timeframe: 'month' }))).toEqual([]);
    expect(ids(await archive({ q: '거래량', category: 'nft' }))).toEqual(['nft-drop']);
    expect(ids(await archive({ q: '거래량', category: 'web3' }))).toEqual([]);
  });

  it('holds a tech analysis beside the articles: found by a query, left out by the type filter and the archive', async () => {
    const page = (request: Record<string, string>) =>
      search.search(ARTICLE_INDEX, {
        ...searchPageIndexQuery(searchPageQuerySchema.parse(request), NOW),
        hitsPerPage: 12,
      });
    expect(ids(await page({ q: 'Kubernetes' }))).toEqual([techAnalysisDocId(kubernetes._id)]);
    expect(ids(await page({ q: 'Kubernetes', type: 'analysis' }))).toEqual([]);
    const archive = await search.search(ARTICLE_INDEX, {
      ...archiveIndexQuery(archiveQuerySchema.parse({ q: 'Kubernetes' }), NOW),
      hitsPerPage: 12,
    });
    expect(ids(archive)).toEqual([]);
    const sent = stub.requests
      .filter((request) => request.path === '/indexes/content_articles/search')
      .at(-1);
    expect(String((sent?.body as { filter?: string }).filter)).toContain(
      'type IN ["news", "insight", "analysis"]',
    );
  });
});
