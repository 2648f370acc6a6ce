import {
  startContentTestApp,
  testClock,
  translatedArticle,
  type ContentTestApp,
} from '../../testing/content-test-app';
import { ISO, parseXml, SITE } from '../../testing/feeds/feed.test-helpers';
import { FeedArticlesRepository } from './feed-articles.repository';
import { FeedCache } from './feed-cache';
import { SitemapSections } from './sitemap-sections';

/** Home, 11 static pages, 3 categories. */
const FIXED_URLS = 15;

const locs = (urlset: { url?: Array<{ loc: string }> }) => (urlset.url ?? []).map((url) => url.loc);

describe('sitemaps', () => {
  let t: ContentTestApp;
  const clock = testClock(Date.parse('2026-03-02T03:00:00.000Z'));

  beforeAll(async () => {
    t = await startContentTestApp({ clock, env: { PUBLIC_SITE_URL: SITE } });
    await t.translated(
      translatedArticle({
        articleId: 'map-news',
        title: '오늘의 & <뉴스>',
        translatedAt: '2026-03-01T01:00:00.000Z',
      }),
    );
    await t.translated(
      translatedArticle({
        articleId: 'map-insight',
        contentType: 'insight',
        primaryCategory: 'blockchain',
        translatedAt: '2026-03-01T02:00:00.000Z',
      }),
    );
    // Three days old: in the sitemap, not in the news sitemap.
    await t.translated(
      translatedArticle({
        articleId: 'map-old',
        contentType: 'analysis',
        translatedAt: '2026-02-27T00:00:00.000Z',
      }),
    );
    await t.translated(
      translatedArticle({ articleId: 'map-sample', sample: true, translatedAt: '2026-03-01T03:00:00.000Z' }),
    );
  });
  afterAll(() => t.close());

  const fetchText = async (url: string) => {
    const response = await t.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.body, headers: response.headers };
  };

  it('lists home, the static pages, the categories and every published article but the samples', async () => {
    const response = await fetchText('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const { urlset } = parseXml(response.body);
    expect(urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = locs(urlset);
    expect(urls.slice(0, 2)).toEqual([`${SITE}/`, `${SITE}/news`]);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${SITE}/sources`,
        `${SITE}/category/gen-ai`,
        `${SITE}/category/blockchain`,
        `${SITE}/category/big-tech`,
      ]),
    );
    // Oldest article first, one canonical URL per type.
    expect(urls.slice(FIXED_URLS)).toEqual([
      `${SITE}/analysis/map-old`,
      `${SITE}/article/map-news`,
      `${SITE}/insights/map-insight`,
    ]);
    expect(urls.every((url) => url.startsWith(`${SITE}/`))).toBe(true);
    const article = urlset.url.find((url: { loc: string }) => url.loc.endsWith('/map-news'));
    expect(article.lastmod).toMatch(ISO);
    const home = urlset.url[0];
    expect(home.lastmod).toBe('2026-03-01T02:00:00.000Z');
  });

  it('adds the pages another area contributes', async () => {
    const sections = t.app.get(SitemapSections);
    sections.add({
      urls: async () => [{ path: '/tech-analysis/react-서버-컴포넌트', lastmod: '2026-02-01T00:00:00.000Z' }],
    });
    await sections.changed();
    const { urlset } = parseXml((await fetchText('/sitemap.xml')).body);
    expect(urlset.url).toContainEqual({
      loc: `${SITE}/tech-analysis/react-%EC%84%9C%EB%B2%84-%EC%BB%B4%ED%8F%AC%EB%84%8C%ED%8A%B8`,
      lastmod: '2026-02-01T00:00:00.000Z',
    });
  });

  it('serves a Google News sitemap of the last two days, with the publication and Korean titles', async () => {
    const response = await fetchText('/news-sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const { urlset } = parseXml(response.body);
    expect(urlset['@xmlns:news']).toBe('http://www.google.com/schemas/sitemap-news/0.9');
    expect(locs(urlset)).toEqual([`${SITE}/insights/map-insight`, `${SITE}/article/map-news`]);
    const news = urlset.url[1]['news:news'];
    expect(news['news:publication']).toEqual({ 'news:name': '펄스', 'news:language': 'ko' });
    expect(news['news:publication_date']).toBe('2026-03-01T01:00:00.000Z');
    expect(news['news:title']).toBe('오늘의 & <뉴스>');
    expect(response.body).toContain('오늘의 &amp; &lt;뉴스&gt;');
  });
});

describe('sitemap index past the per-file limit', () => {
  let t: ContentTestApp;

  beforeAll(async () => {
    t = await startContentTestApp({
      clock: testClock(),
      env: { PUBLIC_SITE_URL: SITE, FEEDS_SITEMAP_URLS_PER_FILE: '10' },
    });
  });
  afterAll(() => t.close());

  const fetchText = async (url: string) => {
    const response = await t.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.body };
  };

  it('splits into sitemap files listed by an index, each URL exactly once', async () => {
    for (let i = 0; i < 12; i += 1) {
      const minute = String(i).padStart(2, '0');
      await t.translated(
        translatedArticle({ articleId: `split-${minute}`, translatedAt: `2026-03-01T01:${minute}:00.000Z` }),
      );
    }
    // 15 fixed pages + 12 articles = 27 URLs: three files of at most 10.
    const { sitemapindex } = parseXml((await fetchText('/sitemap.xml')).body);
    expect(sitemapindex['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const files = (sitemapindex.sitemap as Array<{ loc: string }>).map((sitemap) => sitemap.loc);
    expect(files).toEqual([1, 2, 3].map((page) => `${SITE}/sitemap.xml?page=${page}`));

    const pages = await Promise.all(
      [1, 2, 3].map(async (page) =>
        locs(parseXml((await fetchText(`/sitemap.xml?page=${page}`)).body).urlset),
      ),
    );
    expect(pages.map((page) => page.length)).toEqual([10, 10, 7]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(27);
    expect(all.filter((url) => url.includes('/article/split-'))).toEqual(
      Array.from({ length: 12 }, (_, i) => `${SITE}/article/split-${String(i).padStart(2, '0')}`),
    );

    const beyond = await fetchText('/sitemap.xml?page=4');
    expect(beyond.status).toBe(404);
    expect(JSON.parse(beyond.body)).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Sitemap page not found',
    });
  });

  it('refuses a page far past the end from its kept page count, without reading the store again', async () => {
    // A new generation, as after an article change: the first request counts afresh.
    await t.app.get(FeedCache).invalidate();
    const repository = t.app.get(FeedArticlesRepository);
    const count = jest.spyOn(repository, 'count');
    const slice = jest.spyOn(repository, 'oldestFirst');
    const newestUpdate = jest.spyOn(repository, 'newestUpdate');
    const reads = () => count.mock.calls.length + slice.mock.calls.length + newestUpdate.mock.calls.length;
    try {
      expect((await fetchText('/sitemap.xml?page=99999')).status).toBe(404);
      expect(count).toHaveBeenCalledTimes(1);
      expect(slice).not.toHaveBeenCalled();
      const afterFirst = reads();
      expect((await fetchText('/sitemap.xml?page=99999')).status).toBe(404);
      expect((await fetchText('/sitemap.xml?page=100000')).status).toBe(404);
      expect(reads()).toBe(afterFirst);
    } finally {
      [count, slice, newestUpdate].forEach((spy) => spy.mockRestore());
    }
  });

  it('keeps the latest 50 articles in each feed while the sitemap lists them all', async () => {
    for (let i = 12; i < 52; i += 1) {
      const minute = String(i).padStart(2, '0');
      await t.translated(
        translatedArticle({ articleId: `split-${minute}`, translatedAt: `2026-03-01T01:${minute}:00.000Z` }),
      );
    }
    const items = parseXml((await fetchText('/rss.xml')).body).rss.channel.item as Array<{ link: string }>;
    expect(items).toHaveLength(50);
    expect(items[0].link).toBe(`${SITE}/article/split-51`);
    expect(items[49].link).toBe(`${SITE}/article/split-02`);
    expect(JSON.parse((await fetchText('/feed.json')).body).items).toHaveLength(50);
    expect(parseXml((await fetchText('/atom.xml')).body).feed.entry).toHaveLength(50);
    // 15 + 52 URLs: seven files.
    const { sitemapindex } = parseXml((await fetchText('/sitemap.xml')).body);
    expect(sitemapindex.sitemap).toHaveLength(7);
  });
});
