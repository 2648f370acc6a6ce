import type { JsonFeed } from '@pulse/contracts';
import {
  startContentTestApp,
  testClock,
  translatedArticle,
  type ContentTestApp,
} from '../../testing/content-test-app';
import { ISO, parseXml, RFC_822, SITE } from '../../testing/feeds/feed.test-helpers';

const HOSTILE_TITLE = '<script>alert(1)</script> & ]]> \u0000끝\u001f\u0085';
/** What a reader must see: the text, minus the characters XML cannot carry. */
// Titles are stored as plain text (the tags go); what is left is escaped in every format.
const HOSTILE_TITLE_SHOWN = 'alert(1) & ]]> 끝';

describe('feeds: RSS, Atom, JSON Feed and category RSS', () => {
  let t: ContentTestApp;

  beforeAll(async () => {
    t = await startContentTestApp({ clock: testClock(), env: { PUBLIC_SITE_URL: SITE } });
    await t.translated(
      translatedArticle({
        articleId: 'feed-news',
        title: '오픈AI, 새 추론 모델 공개',
        summary: '오픈AI가 새 추론 모델을 공개했다.',
        tags: ['오픈AI', 'LLM'],
        translatedAt: '2026-03-01T01:00:00.000Z',
      }),
    );
    await t.translated(
      translatedArticle({
        articleId: 'feed-insight',
        contentType: 'insight',
        title: '스테이블코인 규제가 바꿀 세 가지',
        primaryCategory: 'blockchain',
        secondaryCategory: 'gen-ai',
        translatedAt: '2026-03-01T02:00:00.000Z',
      }),
    );
    await t.translated(
      translatedArticle({
        articleId: 'feed-analysis',
        contentType: 'analysis',
        title: '빅테크 데이터센터 투자 분석',
        primaryCategory: 'big-tech',
        translatedAt: '2026-03-01T03:00:00.000Z',
      }),
    );
    await t.translated(
      translatedArticle({
        articleId: 'feed-hostile',
        title: HOSTILE_TITLE,
        summary: 'A & B <b>굵게</b> ]]> 끝',
        tags: ['<태그>'],
        translatedAt: '2026-03-01T00:30:00.000Z',
      }),
    );
    // Never in a feed: demo content and an article held for review.
    await t.translated(
      translatedArticle({ articleId: 'feed-sample', sample: true, translatedAt: '2026-03-01T04:00:00.000Z' }),
    );
    await t.translated(
      translatedArticle({
        articleId: 'feed-held',
        translationStatus: 'held',
        translatedAt: '2026-03-01T05:00:00.000Z',
      }),
    );
  });
  afterAll(() => t.close());

  const fetchText = async (url: string, headers: Record<string, string> = {}) => {
    const response = await t.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.body, headers: response.headers };
  };

  it('serves RSS 2.0 with the channel and item elements, Korean titles and absolute URLs', async () => {
    const response = await fetchText('/rss.xml');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const { rss } = parseXml(response.body);
    expect(rss['@version']).toBe('2.0');
    const channel = rss.channel;
    expect(channel.title).toBe('펄스 - AI·블록체인 전문 미디어');
    expect(channel.link).toBe(`${SITE}/`);
    expect(channel.description).toContain('한국어');
    expect(channel.language).toBe('ko');
    expect(channel.lastBuildDate).toBe('Sun, 01 Mar 2026 03:00:00 GMT');
    expect(channel['atom:link'][0]).toMatchObject({
      '@href': `${SITE}/rss.xml`,
      '@rel': 'self',
      '@type': 'application/rss+xml',
    });

    const items = channel.item as Array<Record<string, any>>;
    // Newest first; the sample and the held article are left out.
    expect(items.map((item) => item.link)).toEqual([
      `${SITE}/analysis/feed-analysis`,
      `${SITE}/insights/feed-insight`,
      `${SITE}/article/feed-news`,
      `${SITE}/article/feed-hostile`,
    ]);
    const news = items[2];
    expect(news.title).toBe('오픈AI, 새 추론 모델 공개');
    expect(news.guid).toEqual({ '#text': `${SITE}/article/feed-news`, '@isPermaLink': 'true' });
    expect(news.pubDate).toMatch(RFC_822);
    expect(news.pubDate).toBe('Sun, 01 Mar 2026 01:00:00 GMT');
    expect(news.description).toBe('오픈AI가 새 추론 모델을 공개했다.');
    expect(news.category).toEqual([
      '생성형 AI',
      { '#text': '오픈AI', '@domain': 'tag' },
      { '#text': 'LLM', '@domain': 'tag' },
    ]);
    expect(items[1].category.slice(0, 2)).toEqual(['블록체인', '생성형 AI']);
  });

  it('escapes hostile text and drops characters XML cannot carry, in every format', async () => {
    for (const url of ['/rss.xml', '/atom.xml', '/category/gen-ai/rss.xml']) {
      const { body } = await fetchText(url);
      expect(body).not.toContain('<script>');
      expect(body).not.toContain(']]>');
      expect(body).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u0085]/);
      const parsed = parseXml(body);
      const items: Array<Record<string, any>> = parsed.rss?.channel.item ?? parsed.feed.entry;
      const hostile = items.find((item) => JSON.stringify(item).includes('feed-hostile'))!;
      const title = typeof hostile.title === 'string' ? hostile.title : hostile.title['#text'];
      expect(title).toBe(HOSTILE_TITLE_SHOWN);
    }
    const json = JSON.parse((await fetchText('/feed.json')).body) as JsonFeed;
    expect(json.items.find((item) => item.id.endsWith('feed-hostile'))?.title).toBe(HOSTILE_TITLE_SHOWN);
  });

  it('serves Atom 1.0 with feed and entry elements', async () => {
    const response = await fetchText('/atom.xml');
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const { feed } = parseXml(response.body);
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed['@xml:lang']).toBe('ko');
    expect(feed.id).toBe(`${SITE}/atom.xml`);
    expect(feed.title['#text']).toBe('펄스 - AI·블록체인 전문 미디어');
    expect(feed.updated).toBe('2026-03-01T03:00:00.000Z');
    expect(feed.link).toEqual([
      { '@rel': 'self', '@type': 'application/atom+xml', '@href': `${SITE}/atom.xml` },
      { '@rel': 'alternate', '@type': 'text/html', '@href': `${SITE}/` },
    ]);
    const entries = feed.entry as Array<Record<string, any>>;
    expect(entries).toHaveLength(4);
    const insight = entries.find((entry) => entry.id === `${SITE}/insights/feed-insight`)!;
    expect(insight.title['#text']).toBe('스테이블코인 규제가 바꿀 세 가지');
    expect(insight.updated).toMatch(ISO);
    expect(insight.published).toBe('2026-03-01T02:00:00.000Z');
    expect(insight.link[0]['@href']).toBe(`${SITE}/insights/feed-insight`);
    expect(insight.summary['#text']).toBeTruthy();
    expect(insight.author.name).toBe('펄스');
  });

  it('serves JSON Feed 1.1 with absolute URLs and the body as content_html', async () => {
    const response = await fetchText('/feed.json');
    expect(response.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const feed = JSON.parse(response.body) as JsonFeed;
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: '펄스 - AI·블록체인 전문 미디어',
      home_page_url: `${SITE}/`,
      feed_url: `${SITE}/feed.json`,
      language: 'ko',
      authors: [{ name: '펄스' }],
    });
    expect(feed.items.map((item) => item.url)).toHaveLength(4);
    const news = feed.items.find((item) => item.id === `${SITE}/article/feed-news`)!;
    expect(news).toMatchObject({
      url: `${SITE}/article/feed-news`,
      title: '오픈AI, 새 추론 모델 공개',
      date_published: '2026-03-01T01:00:00.000Z',
      tags: ['생성형 AI', '오픈AI', 'LLM'],
    });
    expect(news.content_html).toContain('<p>');
  });

  it('serves a category RSS with the category’s articles, primary or secondary', async () => {
    const response = await fetchText('/category/gen-ai/rss.xml');
    expect(response.status).toBe(200);
    const { channel } = parseXml(response.body).rss;
    expect(channel.title).toBe('펄스 - 생성형 AI');
    expect(channel.link).toBe(`${SITE}/category/gen-ai`);
    expect(channel['atom:link'][0]['@href']).toBe(`${SITE}/category/gen-ai/rss.xml`);
    expect((channel.item as Array<{ link: string }>).map((item) => item.link)).toEqual([
      `${SITE}/insights/feed-insight`,
      `${SITE}/article/feed-news`,
      `${SITE}/article/feed-hostile`,
    ]);
    const bigTech = parseXml((await fetchText('/category/big-tech/rss.xml')).body).rss.channel;
    expect((bigTech.item as Array<{ link: string }>).map((item) => item.link)).toEqual([
      `${SITE}/analysis/feed-analysis`,
    ]);
  });

  it('redirects a legacy or Korean category name to the slug’s feed and answers 404 for an unknown one', async () => {
    for (const name of ['Gen%20AI', encodeURIComponent('생성형 AI'), 'GEN-AI']) {
      const response = await fetchText(`/category/${name}/rss.xml`);
      expect(response.status).toBe(301);
      expect(response.headers.location).toBe('/category/gen-ai/rss.xml');
    }
    expect((await fetchText(`/category/${encodeURIComponent('블록체인')}/rss.xml`)).headers.location).toBe(
      '/category/blockchain/rss.xml',
    );
    // Names Object.prototype has are unknown categories too, not a redirect.
    for (const name of ['constructor', 'Con-structor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect({ name, status: (await fetchText(`/category/${name}/rss.xml`)).status }).toEqual({
        name,
        status: 404,
      });
    }
    const unknown = await fetchText('/category/cooking/rss.xml');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Category not found',
    });
  });

  it('answers a conditional GET with 304 while the feed is unchanged, and 200 once an article changes it', async () => {
    const first = await fetchText('/rss.xml');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(first.headers['last-modified']).toBe('Sun, 01 Mar 2026 03:00:00 GMT');

    const notModified = await fetchText('/rss.xml', { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect((await fetchText('/rss.xml', { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await fetchText('/rss.xml', { 'if-none-match': '"other"' })).status).toBe(200);
    expect(
      (await fetchText('/rss.xml', { 'if-modified-since': 'Sun, 01 Mar 2026 03:00:00 GMT' })).status,
    ).toBe(304);
    expect(
      (await fetchText('/rss.xml', { 'if-modified-since': 'Sun, 01 Mar 2026 02:59:59 GMT' })).status,
    ).toBe(200);
    // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2).
    expect(
      (
        await fetchText('/rss.xml', {
          'if-none-match': '"other"',
          'if-modified-since': 'Sun, 01 Mar 2026 03:00:00 GMT',
        })
      ).status,
    ).toBe(200);

    const atomTag = (await fetchText('/atom.xml')).headers.etag as string;
    await t.translated(
      translatedArticle({
        articleId: 'feed-later',
        title: '새로 도착한 기사',
        translatedAt: '2026-03-01T06:00:00.000Z',
      }),
    );
    const changed = await fetchText('/rss.xml', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(parseXml(changed.body).rss.channel.item[0].title).toBe('새로 도착한 기사');
    expect((await fetchText('/atom.xml', { 'if-none-match': atomTag })).status).toBe(200);
  });
});
