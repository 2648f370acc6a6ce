import type { ArchiveResponse, SearchPageResponse } from '@pulse/contracts';
import { SearchBackendError } from '@pulse/platform';
import { ArticleChanges } from '../articles/article-changes';
import type { ArticleRecord } from '../articles/article.record';
import {
  startContentTestApp,
  testClock,
  translatedArticle,
  type ContentTestApp,
} from '../../testing/content-test-app';
import { ARTICLE_INDEX } from './article-document';
import { ArticleIndexer } from './article-indexer';

// The test clock starts at 2026-03-02T03:00:00Z, which is 12:00 in Seoul.
const clock = testClock();
const HOUR = 3_600_000;
const at = (hoursAgo: number) => new Date(clock.now() - hoursAgo * HOUR).toISOString();

let app: ContentTestApp;
const search = (query: string) => app.get<SearchPageResponse>(`/api/articles/search?${query}`);
const archive = (query = '') => app.get<ArchiveResponse>(`/api/articles/archive?${query}`);
const ids = (body: { articles: Array<{ id: string }> }) => body.articles.map((article) => article.id);
const publish = (articleId: string, fields: Parameters<typeof translatedArticle>[0]) =>
  app.translated(translatedArticle({ articleId, translatedAt: at(1), ...fields }));
const setCounters = (id: string, likesCount: number, views: number) =>
  app.store.collection<ArticleRecord>('articles').updateOne({ _id: id }, { $set: { likesCount, views } });

beforeAll(async () => {
  app = await startContentTestApp({ clock });
  await app.app.get(ArticleIndexer).whenRebuilt();
  await publish('eth-pectra', {
    title: '이더리움 펙트라 업그레이드, 스테이킹 한도 상향',
    summary: '이더리움이 펙트라 업그레이드로 검증인 한 명이 맡을 수 있는 스테이킹 한도를 크게 올렸다.',
    bodyHtml:
      '<p>이더리움 개발자들은 펙트라 업그레이드를 메인넷에 적용했다.</p><p>검증인의 최대 유효 잔액이 32ETH에서 2048ETH로 늘었다. 스테이킹 업계가 반겼다.</p>',
    primaryCategory: 'blockchain',
    tags: ['이더리움', 'Web3'],
    translatedAt: at(2),
  });
  await publish('nvidia-gpu', {
    title: '엔비디아, 차세대 GPU 블랙웰 울트라 공개',
    summary: '엔비디아가 데이터센터용 차세대 GPU를 공개하며 추론 성능을 강조했다.',
    bodyHtml:
      '<p>엔비디아는 연례 개발자 행사에서 블랙웰 울트라를 발표했다. 클라우드 업계가 먼저 도입한다.</p>',
    primaryCategory: 'big-tech',
    secondaryCategory: 'gen-ai',
    tags: ['엔비디아', 'GPU'],
    contentType: 'analysis',
    translatedAt: at(30),
  });
  await publish('nft-market', {
    title: 'NFT 거래량 석 달 연속 감소',
    summary: 'NFT 시장의 월간 거래량이 석 달 연속 줄었다.',
    bodyHtml: '<p>대체불가토큰 거래소들의 거래량이 줄며 블록체인 게임 업계도 영향을 받았다.</p>',
    primaryCategory: 'blockchain',
    tags: ['NFT', '가상자산'],
    translatedAt: at(24 * 10),
  });
  await publish('held-one', {
    title: '검토 대기 중인 이더리움 기사',
    summary: '검토 대기',
    translationStatus: 'held',
    primaryCategory: 'blockchain',
  });
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/articles/search', () => {
  it('finds an article as soon as it is published, with the matched words marked', async () => {
    const { status, body } = await search(`q=${encodeURIComponent('이더리움의')}`);
    expect(status).toBe(200);
    expect(ids(body)).toEqual(['eth-pectra']);
    expect(body).toMatchObject({ total: 1, pages: 1 });
    const [hit] = body.articles;
    expect(hit.highlight.title).toBe('<mark>이더리움</mark> 펙트라 업그레이드, 스테이킹 한도 상향');
    expect(hit.highlight.snippet).toContain('<mark>이더리움</mark>');
    // The summary is the same passage as plain text, within the seed's 120 characters.
    expect(hit.summary).toBe(hit.highlight.snippet.replace(/<\/?mark>/g, ''));
    expect(hit.summary.length).toBeLessThanOrEqual(120);
    // Everything else is the ordinary list item, read from the store.
    expect(hit).toMatchObject({
      id: 'eth-pectra',
      type: 'news',
      primaryCategory: 'blockchain',
      likesCount: 0,
    });
    expect(hit).not.toHaveProperty('content');
  });

  it('takes the snippet from the body when only the body matched, cut to 120 characters', async () => {
    const { body } = await search(`q=${encodeURIComponent('2048ETH')}`);
    expect(ids(body)).toEqual(['eth-pectra']);
    const [hit] = body.articles;
    expect(hit.highlight.snippet).toContain('<mark>2048ETH</mark>');
    expect(hit.summary).toContain('2048ETH');
    expect(hit.summary.length).toBeLessThanOrEqual(120);
  });

  it('never lists an article held for review', async () => {
    const { body } = await search(`q=${encodeURIComponent('검토 대기')}`);
    expect(ids(body)).toEqual([]);
    expect(body).toEqual({ articles: [], total: 0, pages: 0, matching: 'all' });
  });

  it('lists by tag name or slug, newest first', async () => {
    for (const tag of ['NFT', 'nft', 'Web3', '이더리움']) {
      const { status, body } = await search(`tag=${encodeURIComponent(tag)}`);
      expect(status).toBe(200);
      expect(ids(body)).toEqual([tag.toLowerCase() === 'nft' ? 'nft-market' : 'eth-pectra']);
    }
  });

  it('lists a tag page from the store: summaries cut to 120 characters, nothing marked, filters and sorts', async () => {
    const summary = '가상자산 시장의 하루 거래대금이 크게 늘었다. '.repeat(6).trim();
    await publish('tag-long', {
      title: '가상자산 거래대금 급증',
      summary,
      bodyHtml: '<p>거래대금.</p>',
      primaryCategory: 'big-tech',
      tags: ['가상자산'],
      translatedAt: at(24 * 20),
    });
    await setCounters('tag-long', 1, 0);
    await app.app.get(ArticleIndexer).refresh(); // keeps the later counter tests' figures to their own articles
    const tag = `tag=${encodeURIComponent('가상자산')}`;
    const { body } = await search(tag);
    expect(ids(body)).toEqual(['nft-market', 'tag-long']);
    expect(body).toMatchObject({ total: 2, pages: 1 });
    const hit = body.articles[1];
    expect(hit.summary.length).toBeLessThanOrEqual(120);
    expect(hit.summary.endsWith('…')).toBe(true);
    expect(hit.highlight).toEqual({ title: '가상자산 거래대금 급증', snippet: hit.summary });
    expect(ids((await search(`${tag}&sort=popular`)).body)).toEqual(['tag-long', 'nft-market']);
    expect(ids((await search(`${tag}&period=month`)).body)).toEqual(['nft-market', 'tag-long']);
    expect(ids((await search(`${tag}&period=week`)).body)).toEqual([]);
    expect(ids((await search(`${tag}&category=big-tech`)).body)).toEqual(['tag-long']);
    expect(ids((await search(`${tag}&type=news&page=2`)).body)).toEqual([]);
  });

  it('filters by category (primary or secondary), type and period', async () => {
    const q = `q=${encodeURIComponent('엔비디아')}`;
    expect(ids((await search(`${q}&category=gen-ai`)).body)).toEqual(['nvidia-gpu']);
    expect(ids((await search(`${q}&category=blockchain`)).body)).toEqual([]);
    expect(ids((await search(`${q}&type=analysis`)).body)).toEqual(['nvidia-gpu']);
    expect(ids((await search(`${q}&type=news`)).body)).toEqual([]);
    // 30 hours ago is yesterday in Seoul, within the week.
    expect(ids((await search(`${q}&period=today`)).body)).toEqual([]);
    expect(ids((await search(`${q}&period=week`)).body)).toEqual(['nvidia-gpu']);
  });

  it('sorts by relevance, latest, popular (likes) and views, counters brought up to date by the refresh', async () => {
    await setCounters('eth-pectra', 1, 900);
    await setCounters('nvidia-gpu', 50, 10);
    await setCounters('nft-market', 7, 50);
    expect(await app.app.get(ArticleIndexer).refresh()).toBe(3);
    const sorted = async (sort: string) =>
      ids((await search(`q=${encodeURIComponent('업계')}&sort=${sort}`)).body);
    expect(await sorted('latest')).toEqual(['eth-pectra', 'nvidia-gpu', 'nft-market']);
    expect(await sorted('popular')).toEqual(['nvidia-gpu', 'nft-market', 'eth-pectra']);
    expect(await sorted('views')).toEqual(['eth-pectra', 'nft-market', 'nvidia-gpu']);
    // Relevance: the tag and the title outweigh a word in the body.
    expect(ids((await search(`q=${encodeURIComponent('엔비디아 GPU')}`)).body)[0]).toBe('nvidia-gpu');
    expect(await app.app.get(ArticleIndexer).refresh()).toBe(0); // nothing changed since
  });

  it('pages 12 results at a time', async () => {
    for (let i = 0; i < 13; i += 1) {
      await publish(`page-${String(i).padStart(2, '0')}`, {
        title: `양자컴퓨터 연구 동향 ${i}`,
        summary: '양자컴퓨터 연구가 빨라지고 있다.',
        bodyHtml: '<p>양자컴퓨터 연구.</p>',
        tags: ['양자컴퓨터'],
        primaryCategory: 'big-tech',
        translatedAt: at(3 + i),
      });
    }
    const first = await search(`q=${encodeURIComponent('양자컴퓨터')}`);
    expect(first.body).toMatchObject({ total: 13, pages: 2 });
    expect(first.body.articles).toHaveLength(12);
    const second = await search(`q=${encodeURIComponent('양자컴퓨터')}&page=2`);
    expect(second.body.articles).toHaveLength(1);
    const beyond = await search(`q=${encodeURIComponent('양자컴퓨터')}&page=999999999999999`);
    expect(beyond).toMatchObject({ status: 200, body: { articles: [], total: 13, pages: 2 } });
  });

  it('answers 503, not 500, when the search backend fails', async () => {
    const spy = jest.spyOn(app.search, 'search').mockRejectedValueOnce(new SearchBackendError('down'));
    try {
      const { status, body } = await search('q=x');
      expect(status).toBe(503);
      expect(body).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'Search is temporarily unavailable; try again later',
      });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('keeping the index in step with the store', () => {
  it('follows a re-translation: the new title is found, the old one no longer', async () => {
    const first = {
      title: '오픈AI 새 모델 출시 임박',
      summary: '출시가 임박했다.',
      primaryCategory: 'gen-ai' as const,
    };
    await publish('retranslated', { ...first, translatedAt: at(4) });
    expect(ids((await search(`q=${encodeURIComponent('임박')}`)).body)).toEqual(['retranslated']);
    await publish('retranslated', { ...first, title: '오픈AI 새 모델 정식 출시', translatedAt: at(0.5) });
    expect(ids((await search(`q=${encodeURIComponent('정식')}`)).body)).toEqual(['retranslated']);
    expect(ids((await search(`q=${encodeURIComponent('임박한')}`)).body)).toEqual(['retranslated']); // summary
    expect((await search(`q=${encodeURIComponent('임박')}&type=news`)).body.articles[0].highlight.title).toBe(
      '오픈AI 새 모델 정식 출시',
    );
  });

  it('removes an article that stops being published', async () => {
    const articles = app.store.collection<ArticleRecord>('articles');
    await publish('to-withdraw', { title: '철회될 반도체 기사', summary: '반도체', tags: ['반도체'] });
    expect(ids((await search(`q=${encodeURIComponent('철회될')}`)).body)).toEqual(['to-withdraw']);
    await articles.updateOne({ _id: 'to-withdraw' }, { $set: { state: 'draft' } });
    await app.app.get(ArticleChanges).changed((await articles.findOne({ _id: 'to-withdraw' }))!);
    expect(ids((await search(`q=${encodeURIComponent('철회될')}`)).body)).toEqual([]);
  });

  it('retries a failed index write from the store on the next refresh', async () => {
    const spy = jest.spyOn(app.search, 'upsert').mockRejectedValueOnce(new SearchBackendError('down'));
    try {
      await publish('while-down', {
        title: '검색 장애 중 발행된 로봇 기사',
        summary: '로봇',
        bodyHtml: '<p>로봇.</p>',
        primaryCategory: 'big-tech',
        tags: ['로봇'],
      });
    } finally {
      spy.mockRestore();
    }
    expect(ids((await search(`q=${encodeURIComponent('장애')}`)).body)).toEqual([]);
    await app.app.get(ArticleIndexer).refresh();
    expect(ids((await search(`q=${encodeURIComponent('장애')}`)).body)).toEqual(['while-down']);
  });

  it('rebuilds the whole index from the store: lost documents return, unpublished ones go', async () => {
    const articles = app.store.collection<ArticleRecord>('articles');
    await app.search.clear(ARTICLE_INDEX);
    const held = (await articles.findOne({ _id: 'held-one' }))!;
    await app.search.upsert(ARTICLE_INDEX, [{ id: held._id, title: held.title, state: 'published' }]);
    expect(ids((await search(`q=${encodeURIComponent('이더리움')}`)).body)).toEqual([]);

    const result = await app.app.get(ArticleIndexer).rebuild();
    const published = await articles.countDocuments({ state: 'published' });
    expect(result).toEqual({ indexed: published, removed: (await articles.countDocuments({})) - published });
    expect(ids((await search(`q=${encodeURIComponent('이더리움')}`)).body)).toEqual(['eth-pectra']);
    expect((await app.search.search(ARTICLE_INDEX, { q: '검토' })).total).toBe(0);
  });

  it('reports the rebuilt index as ready on /readyz', async () => {
    // The checks are the admin credential's to read; anyone else is told only ready or not.
    const { status, body } = await app.get<{ checks: Record<string, unknown> }>('/readyz', {
      authorization: 'Bearer test-admin-token-0123456789',
    });
    expect(status).toBe(200);
    expect(body.checks.articleSearch).toEqual({ adapter: 'article-indexer', ok: true });
  });
});

describe('GET /api/articles/archive', () => {
  it('lists from the store without q: newest first, 12 a page, with the page count', async () => {
    const { status, body } = await archive();
    expect(status).toBe(200);
    expect(body.currentPage).toBe(1);
    const total = await app.store.collection('articles').countDocuments({ state: 'published' });
    expect(body.totalPages).toBe(Math.ceil(total / 12));
    expect(body.articles).toHaveLength(Math.min(12, total));
    const dates = body.articles.map((article) => article.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.articles.every((article) => !('content' in article))).toBe(true);
  });

  it('filters by category, primary or secondary, and by NFT and Web3 tags', async () => {
    expect(ids((await archive('category=gen-ai')).body)).toEqual(['retranslated', 'nvidia-gpu']);
    expect(ids((await archive('category=blockchain')).body)).toEqual(['eth-pectra', 'nft-market']);
    expect(ids((await archive('category=nft')).body)).toEqual(['nft-market']);
    expect(ids((await archive('category=web3')).body)).toEqual(['eth-pectra']);
  });

  it('filters by timeframe, today being since midnight in Seoul', async () => {
    // 12:00 in Seoul: 2 hours ago is today, 30 hours ago is yesterday but within the week, 10 days ago not.
    expect(ids((await archive('category=blockchain&timeframe=today')).body)).toEqual(['eth-pectra']);
    expect(ids((await archive('category=blockchain&timeframe=week')).body)).toEqual(['eth-pectra']);
    expect(ids((await archive('category=blockchain&timeframe=month')).body)).toEqual([
      'eth-pectra',
      'nft-market',
    ]);
    expect(ids((await archive('category=gen-ai&timeframe=today')).body)).toEqual(['retranslated']);
    expect(ids((await archive('category=gen-ai&timeframe=week')).body)).toEqual([
      'retranslated',
      'nvidia-gpu',
    ]);
  });

  it('sorts by views and by likes', async () => {
    await setCounters('eth-pectra', 1, 900);
    await setCounters('nvidia-gpu', 50, 10);
    await setCounters('nft-market', 7, 50);
    const top = async (sort: string) => ids((await archive(`sort=${sort}`)).body).slice(0, 3);
    expect(await top('views')).toEqual(['eth-pectra', 'nft-market', 'nvidia-gpu']);
    expect(await top('popular')).toEqual(['nvidia-gpu', 'nft-market', 'eth-pectra']);
  });

  it('searches with q through the index, with the same filters and sorts', async () => {
    await app.app.get(ArticleIndexer).refresh();
    const q = `q=${encodeURIComponent('업계')}`;
    expect((await archive(`${q}&category=blockchain`)).body).toEqual({
      articles: [
        expect.objectContaining({ id: 'eth-pectra' }),
        expect.objectContaining({ id: 'nft-market' }),
      ],
      currentPage: 1,
      totalPages: 1,
    });
    expect(ids((await archive(`${q}&sort=popular`)).body)).toEqual([
      'nvidia-gpu',
      'nft-market',
      'eth-pectra',
      'retranslated', // 업계 in the default body; no likes
    ]);
    expect(ids((await archive(`${q}&sort=views&timeframe=week`)).body)).toEqual([
      'eth-pectra',
      'nvidia-gpu',
      'retranslated',
    ]);
    expect(ids((await archive(`${q}&category=nft`)).body)).toEqual(['nft-market']);
  });

  it('returns an empty page past the last one, and refuses one past how deep the lists go', async () => {
    const { status, body } = await archive('page=1000');
    expect(status).toBe(200);
    expect(body.articles).toEqual([]);
    expect(body.currentPage).toBe(1000);
    expect((await archive('page=1001')).status).toBe(400);
  });
});
