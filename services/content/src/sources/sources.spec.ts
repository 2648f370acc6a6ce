import {
  TOPICS,
  type SidebarDataResponse,
  type SourcesResponse,
  type SourceUpdatedPayload,
} from '@pulse/contracts';
import {
  startContentTestApp,
  testClock,
  translatedArticle,
  type ContentTestApp,
} from '../../testing/content-test-app';

/** 12:00 on 2 March in Seoul; the Seoul day began at 2026-03-01T15:00Z. */
const NOW = Date.parse('2026-03-02T03:00:00.000Z');

const sourceEvent = (id: string, overrides: Partial<SourceUpdatedPayload> = {}): SourceUpdatedPayload => ({
  id,
  name: `Source ${id}`,
  description: `About ${id}`,
  sourceType: 'rss',
  url: `https://${id}.example.com/feed.xml`,
  imageUrl: null,
  enabled: true,
  updatedAt: '2026-03-01T00:00:00.000Z',
  ...overrides,
});

const original = (sourceId: string, n: number) => ({
  sourceId,
  sourceName: `Source ${sourceId}`,
  url: `https://${sourceId}.example.com/story-${n}`,
  canonicalUrl: `https://${sourceId}.example.com/story-${n}`,
  title: `Story ${n}`,
  author: null,
  publishedAt: '2026-03-01T00:00:00.000Z',
});

let story = 0;
/** A published article from these sources (each one item) with these tags. */
const article = (sourceIds: string[], tags: string[], translatedAt = '2026-03-01T10:00:00.000Z') => {
  story += 1;
  return translatedArticle({
    articleId: `src-article-${story}`,
    sources: sourceIds.map((id) => original(id, (story += 1))),
    tags,
    translatedAt,
  });
};

describe('sources page and sidebar', () => {
  let t: ContentTestApp;

  beforeAll(async () => {
    t = await startContentTestApp({ clock: testClock(NOW) });
    await t.send(TOPICS.sourceUpdated, sourceEvent('openai-news', { name: 'OpenAI News' }), 'ingestion');
    await t.send(
      TOPICS.sourceUpdated,
      sourceEvent('hacker-news-top', { sourceType: 'api', imageUrl: 'https://news.ycombinator.com/y18.svg' }),
      'ingestion',
    );
    await t.send(TOPICS.sourceUpdated, sourceEvent('lobsters-ai', { sourceType: 'scrape' }), 'ingestion');
    await t.send(TOPICS.sourceUpdated, sourceEvent('paused-feed', { enabled: false }), 'ingestion');
    for (const id of ['s-a', 's-b', 's-c', 's-d'])
      await t.send(TOPICS.sourceUpdated, sourceEvent(id), 'ingestion');

    // Today in Seoul (after 15:00Z on 1 March) and yesterday.
    await t.translated(article(['openai-news'], ['오픈AI', 'GPT'], '2026-03-01T16:00:00.000Z'));
    await t.translated(article(['openai-news'], ['오픈AI'], '2026-03-01T14:59:59.000Z'));
    // Two items of one source merged into one story count the article once.
    await t.translated(article(['openai-news', 'openai-news', 'hacker-news-top'], ['오픈AI', 'LLM']));
    for (const id of ['s-a', 's-b', 's-c', 's-d']) await t.translated(article([id], [`태그-${id}`]));
    await t.translated(article(['s-a'], ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8']));
    await t.translated(article(['paused-feed'], ['GPT']));
    // Held for review: not published, not counted.
    await t.translated({ ...article(['openai-news'], ['보류']), translationStatus: 'held' });
  });
  afterAll(() => t.close());

  it('lists enabled sources with the seed’s fields and real article counts, most articles first', async () => {
    const response = await t.get<SourcesResponse>('/api/sources');
    expect(response.status).toBe(200);
    const { sources } = response.body;
    expect(sources.map((source) => [source.id, source.count])).toEqual([
      ['openai-news', 3],
      ['s-a', 2],
      ['hacker-news-top', 1],
      ['s-b', 1],
      ['s-c', 1],
      ['s-d', 1],
      ['lobsters-ai', 0],
    ]);
    expect(sources.find((source) => source.id === 'hacker-news-top')).toEqual({
      id: 'hacker-news-top',
      name: 'Source hacker-news-top',
      description: 'About hacker-news-top',
      sourceType: 'api',
      url: 'https://hacker-news-top.example.com/feed.xml',
      imageUrl: 'https://news.ycombinator.com/y18.svg',
      count: 1,
      // Published by the source at 00:00, in Korean at 10:00 (the week's only story from it).
      medianMinutesToKorean: 600,
      // Its events did not say how it is polled: nothing is made up.
      pollIntervalSeconds: null,
      websub: null,
    });
  });

  it('stores and returns how often a source is polled and its WebSub state, and drops them when unsaid', async () => {
    const polled = (id: string) =>
      t.get<SourcesResponse>('/api/sources').then((r) => r.body.sources.find((s) => s.id === id));
    const websub = { state: 'subscribed', leaseExpiresAt: '2026-03-03T00:00:00.000Z' } as const;
    await t.send(
      TOPICS.sourceUpdated,
      sourceEvent('s-b', { pollIntervalSeconds: 3600, websub, updatedAt: '2026-03-01T01:00:00.000Z' }),
      'ingestion',
    );
    expect(await polled('s-b')).toMatchObject({ id: 's-b', pollIntervalSeconds: 3600, websub });
    // A later event that does not carry them (an older ingestion): unknown again, not the old values.
    await t.send(
      TOPICS.sourceUpdated,
      sourceEvent('s-b', { updatedAt: '2026-03-01T02:00:00.000Z' }),
      'ingestion',
    );
    expect(await polled('s-b')).toMatchObject({ pollIntervalSeconds: null, websub: null });
    // The sidebar keeps the seed's fields only.
    const { body } = await t.get<SidebarDataResponse>('/api/sidebar-data/full');
    expect(Object.keys(body.rssSources[0]!).sort()).toEqual(
      ['count', 'description', 'id', 'imageUrl', 'name', 'sourceType', 'url'].sort(),
    );
  });

  it('serves the sidebar: top 10 tags, top 6 sources and today’s and all articles', async () => {
    const response = await t.get<SidebarDataResponse>('/api/sidebar-data');
    expect(response.status).toBe(200);
    const { popularTags, rssSources, articleCounts } = response.body;
    expect(popularTags).toHaveLength(10);
    expect(popularTags.slice(0, 2)).toEqual([
      { name: '오픈AI', count: 3 },
      { name: 'GPT', count: 2 },
    ]);
    expect(popularTags.map((tag) => tag.name)).not.toContain('보류');
    expect(rssSources.map((source) => source.id)).toEqual([
      'openai-news',
      's-a',
      'hacker-news-top',
      's-b',
      's-c',
      's-d',
    ]);
    // 9 published articles; one of them since 00:00 in Seoul.
    expect(articleCounts).toEqual({ total: 9, today: 1 });
  });

  it('serves every tag and source on /full', async () => {
    const { body } = await t.get<SidebarDataResponse>('/api/sidebar-data/full');
    // 오픈AI, GPT, LLM, four 태그-*, t1…t8.
    expect(body.popularTags).toHaveLength(15);
    expect(body.rssSources).toHaveLength(7);
    expect(body.articleCounts).toEqual({ total: 9, today: 1 });
  });

  it('applies a newer source.updated, ignores an older one, and drops a disabled source', async () => {
    await t.send(
      TOPICS.sourceUpdated,
      sourceEvent('lobsters-ai', {
        name: 'Lobsters AI',
        sourceType: 'scrape',
        updatedAt: '2026-03-01T05:00:00.000Z',
      }),
      'ingestion',
    );
    await t.send(
      TOPICS.sourceUpdated,
      sourceEvent('lobsters-ai', { name: 'Stale name', updatedAt: '2026-03-01T04:00:00.000Z' }),
      'ingestion',
    );
    await t.send(
      TOPICS.sourceUpdated,
      sourceEvent('s-d', { enabled: false, updatedAt: '2026-03-01T05:00:00.000Z' }),
      'ingestion',
    );
    const { sources } = (await t.get<SourcesResponse>('/api/sources')).body;
    expect(sources.find((source) => source.id === 'lobsters-ai')?.name).toBe('Lobsters AI');
    expect(sources.map((source) => source.id)).not.toContain('s-d');
    // The redelivery of an event already applied changes nothing either.
    await t.send(
      TOPICS.sourceUpdated,
      sourceEvent('s-d', { enabled: true, updatedAt: '2026-03-01T05:00:00.000Z' }),
      'ingestion',
    );
    expect((await t.get<SourcesResponse>('/api/sources')).body.sources.map((s) => s.id)).not.toContain('s-d');
  });

  it('keeps answers in the cache for a minute, and drops them when the catalogue changes', async () => {
    const before = (await t.get<SidebarDataResponse>('/api/sidebar-data')).body;
    await t.translated(article(['openai-news'], ['오픈AI'], '2026-03-02T01:00:00.000Z'));
    expect((await t.get<SidebarDataResponse>('/api/sidebar-data')).body).toEqual(before);

    await t.send(
      TOPICS.sourceUpdated,
      sourceEvent('s-c', { name: 'Renamed', updatedAt: '2026-03-01T06:00:00.000Z' }),
      'ingestion',
    );
    const after = (await t.get<SidebarDataResponse>('/api/sidebar-data')).body;
    expect(after.articleCounts).toEqual({ total: 10, today: 2 });
    expect(after.rssSources[0]).toMatchObject({ id: 'openai-news', count: 4 });
  });
});
