/** @jest-environment node */
// The server render runs where there is no window, as on the server.
import {
  fetchJson,
  LIST_QUERY,
  NotFound,
  remoteServerApp,
  useApiQuery,
  useApiQueryClient,
  usePageHead,
  type ApiQueryMeta,
} from '@pulse/frontend-ui';
import { useInfiniteQuery, type DehydratedState } from '@tanstack/react-query';
import { Route, Routes, useLocation } from 'react-router';
import type { PageRead } from '@pulse/contracts/src/api/page-description';
import { makeStory } from '@pulse/frontend-ui/testing/article-page';
import { article, listItems } from '../../testing/fixtures';
import { documentUrl, isServerRendered, remoteOf, renderPage, SHARED_MODULES } from './render';

const SITE = 'https://pulse.example';
/** An answer saying the service has no such item. */
const MISSING = Symbol('404');

/** The API as the gateway answers a render's reads; a path without an answer stays unanswered. */
function api(answers: Record<string, unknown>) {
  const reads: string[] = [];
  return {
    reads,
    readApi: (path: string): Promise<PageRead | undefined> => {
      reads.push(path);
      const body = answers[path];
      if (body === MISSING) return Promise.resolve({ status: 404 });
      return Promise.resolve(body === undefined ? undefined : { status: 200, body });
    },
  };
}

/** The embedded answers (TanStack's dehydrated state), by useApiQuery key. */
function answersOf(queryData: string): Record<string, unknown> {
  const { queries } = JSON.parse(queryData) as DehydratedState;
  return Object.fromEntries(queries.map((query) => [query.queryKey[1], query.state.data]));
}

describe('the shell’s server render', () => {
  it('renders the home with the latest news its components read, and embeds those answers', async () => {
    const latest = { articles: listItems(12), pagination: { hasMore: true } };
    const { readApi, reads } = api({ '/api/content/news?limit=12&offset=0': latest });
    const page = await renderPage({ url: '/', readApi, siteUrl: SITE });
    expect(reads).toEqual(expect.arrayContaining(['/api/content/news?limit=12&offset=0']));
    expect(page?.html).toContain(latest.articles[0]!.title);
    expect(page?.html?.match(/<article class="article-card/g)).toHaveLength(12);
    const seed = answersOf(page!.queryData!);
    expect(seed['home:latest']).toEqual(latest);
    // Hot topics had no answer: not embedded, and rendered loading for the browser to fetch.
    expect(Object.keys(seed)).toEqual(['home:latest']);
    expect(page?.html).not.toContain('<!--$!-->');
  });

  it('describes each list page as the ItemList of what it shows, linked as its cards are, titles escaped by the document', async () => {
    const items = listItems(3);
    items[1] = { ...items[1]!, title: '</script><script>alert(1)</script>' };
    const list = {
      articles: items,
      pagination: { hasMore: false },
      currentPage: 1,
      totalPages: 1,
      total: 3,
      pages: 1,
    };
    // Every list read is answered with the same three articles (each page reads one list of its own).
    const readApi = (path: string): Promise<PageRead | undefined> =>
      Promise.resolve(
        /^\/api\/(content\/news|articles\/(category|search|archive))/.test(path)
          ? { status: 200, body: list }
          : undefined,
      );
    const itemList = (prefix: string) => ({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      numberOfItems: 3,
      itemListElement: items.map((item, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: `${SITE}${prefix}/${encodeURIComponent(item.id)}`,
        name: item.title,
      })),
    });
    const home = await renderPage({ url: '/', readApi, siteUrl: SITE });
    expect(home?.description.jsonLd).toEqual([
      expect.objectContaining({ '@type': 'WebSite' }),
      itemList('/news'),
    ]);
    for (const url of ['/category/gen-ai?page=1', '/search?q=AI', '/search?tag=rust', '/archive']) {
      const page = await renderPage({ url, readApi, siteUrl: SITE });
      expect({ url, jsonLd: page?.description.jsonLd }).toEqual({ url, jsonLd: [itemList('/article')] });
    }
    // A list that could not be read is drawn loading, and claims no items.
    const unread = await renderPage({ url: '/archive', readApi: api({}).readApi, siteUrl: SITE });
    expect(unread?.description.jsonLd).toEqual([]);
  });

  it('renders an article with its body, and reads each path once however many passes it takes', async () => {
    const shown = article({ id: 'a1', title: '서버에서 그린 기사', content: '<p>본문 첫 문단입니다.</p>' });
    const { readApi, reads } = api({ '/api/articles/a1': { article: shown } });
    const page = await renderPage({ url: '/article/a1', readApi, siteUrl: SITE });
    expect(page?.html).toContain('<h1 id="article-title">서버에서 그린 기사</h1>');
    expect(page?.html).toContain('본문 첫 문단입니다.');
    expect(new Set(reads).size).toBe(reads.length);
    // Its description: the head it named, with its NewsArticle and breadcrumb from the answer it read.
    expect(page?.description).toMatchObject({
      status: 200,
      title: '서버에서 그린 기사 | 펄스',
      canonical: `${SITE}/article/a1`,
      ogType: 'article',
      cache: 'public',
    });
    expect(page?.description.jsonLd.map((data) => (data as { '@type': string })['@type'])).toEqual([
      'NewsArticle',
      'BreadcrumbList',
    ]);
  });

  it('renders a story unindexed, its timeline in order, its ItemList of articles, and an article its link to it', async () => {
    const story = makeStory();
    const { readApi } = api({
      '/api/stories/s1': { story },
      '/api/articles/a1': { article: article({ id: 'a1', storyId: 's1' }) },
      '/api/community/articles/a2/questions': {
        success: true,
        data: {
          storyId: 's1',
          questions: [{ id: 'q1', title: '규제 검토는 얼마나 걸릴까요?', answerCount: 2 }],
        },
      },
    });
    const page = await renderPage({ url: '/story/s1', readApi, siteUrl: SITE });
    expect(page?.html).toContain('<h1 id="story-title">기사 a1</h1>');
    // The questions beside the timeline are in the document, so nothing moves when the browser takes over.
    expect(page?.html).toContain('규제 검토는 얼마나 걸릴까요?');
    expect(page?.html?.match(/class="story-timeline__source">(\w+)</g)).toEqual([
      'class="story-timeline__source">Ledger<',
      'class="story-timeline__source">Daily<',
      'class="story-timeline__source">Wire<',
    ]);
    expect(page?.description).toMatchObject({
      status: 200,
      title: '기사 a1 - 전체 흐름 | 펄스',
      canonical: `${SITE}/story/s1`,
      robots: 'noindex, follow',
      cache: 'public',
    });
    expect(page?.description.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        numberOfItems: 2,
        itemListElement: [
          { '@type': 'ListItem', position: 1, url: `${SITE}/news/a2`, name: '기사 a2' },
          { '@type': 'ListItem', position: 2, url: `${SITE}/news/a1`, name: '기사 a1' },
        ],
      },
    ]);
    // The article reads its story in the same render, so the link is in the document.
    const articlePage = await renderPage({ url: '/article/a1', readApi, siteUrl: SITE });
    expect(articlePage?.html).toContain('href="/story/s1"');
    expect(articlePage?.html).toContain('이 소식의 전체 흐름');
  });

  it('says an unknown story is a 404', async () => {
    const page = await renderPage({
      url: '/story/nope',
      readApi: api({ '/api/stories/nope': MISSING }).readApi,
      siteUrl: SITE,
    });
    expect(page?.description).toMatchObject({
      status: 404,
      title: '소식을 찾을 수 없습니다 | 펄스',
      robots: 'noindex, follow',
      jsonLd: [],
    });
  });

  it('says a missing article is a 404, and leaves its markup to the browser (it has no seed for errors)', async () => {
    const page = await renderPage({
      url: '/article/nope',
      readApi: api({ '/api/articles/nope': MISSING }).readApi,
      siteUrl: SITE,
    });
    expect(page?.description).toMatchObject({
      status: 404,
      title: '기사를 찾을 수 없습니다 | 펄스',
      robots: 'noindex, follow',
      cache: 'no-store',
      jsonLd: [],
    });
    expect(page?.html).toBeUndefined();
  });

  it('names no page while its data could not be read: the gateway sends its generic document', async () => {
    await expect(
      renderPage({ url: '/article/a1', readApi: api({}).readApi, siteUrl: SITE }),
    ).resolves.toBeUndefined();
  });

  it('moves a legacy category name and a tag page with a 301, and keys documents on the parameters pages read', async () => {
    const legacy = await renderPage({
      url: '/category/GenAI?page=2',
      readApi: api({}).readApi,
      siteUrl: SITE,
    });
    expect(legacy?.description).toMatchObject({ status: 301, location: '/category/gen-ai?page=2' });
    const tag = await renderPage({ url: '/tags/rust', readApi: api({}).readApi, siteUrl: SITE });
    expect(tag?.description).toMatchObject({ status: 301, location: '/search?tag=rust' });
    expect(documentUrl('/search/?cb=1&q=AI&page=2')).toBe('/search?q=AI&page=2');
    expect(documentUrl('/?cb=1')).toBe('/');
    expect(
      documentUrl('/trending?tab=hot&cb=1', {
        trending: { ServerApp: () => null, queryParameters: () => ['tab'] },
      }),
    ).toBe('/trending?tab=hot');
  });

  it('escapes the embedded answers so none can close their script block', async () => {
    const hostile = listItems(1).map((item) => ({ ...item, title: '</script><script>alert(1)</script>' }));
    const { readApi } = api({
      '/api/content/news?limit=12&offset=0': { articles: hostile, pagination: { hasMore: false } },
    });
    const page = await renderPage({ url: '/', readApi, siteUrl: SITE });
    expect(page?.queryData).not.toContain('<');
    expect(answersOf(page!.queryData!)['home:latest']).toMatchObject({
      articles: [{ title: hostile[0]!.title }],
    });
  });

  it('renders a remote’s page it is given the server module of, in the layout, its reads in the seed', async () => {
    // A remote's App as its server bundle exports it: reading the API and the router's location through
    // the shell's libraries (the gateway links a real bundle to SHARED_MODULES).
    function TrendingApp() {
      const { pathname } = useLocation();
      usePageHead({ title: '트렌딩' });
      const stats = useApiQuery<{ total: number }>('trending:stats', '/api/trending/stats', LIST_QUERY);
      return (
        <section>
          <h1>트렌딩</h1>
          <p>{`${pathname} ${stats.data?.total ?? '…'}`}</p>
        </section>
      );
    }
    const { readApi } = api({ '/api/trending/stats': { total: 42 } });
    expect(remoteOf('/trending?tab=hot')).toBe('trending');
    const page = await renderPage({
      url: '/trending',
      readApi,
      siteUrl: SITE,
      remotes: { trending: { ServerApp: remoteServerApp(TrendingApp) } },
    });
    expect(page?.html).toContain('<h1>트렌딩</h1><p>/trending 42</p>');
    expect(page?.html).toContain('class="site-header');
    expect(answersOf(page!.queryData!)['trending:stats']).toEqual({ total: 42 });
    expect(Object.keys(SHARED_MODULES)).toEqual([
      'react',
      'react/jsx-runtime',
      'react-dom',
      'react-router',
      '@tanstack/react-query',
    ]);
  });

  it('answers an infinite list’s first page, the path its meta names, in TanStack’s paged shape', async () => {
    function AnalysesApp() {
      const list = useInfiniteQuery(
        {
          queryKey: ['analyses'],
          queryFn: ({ pageParam }) => fetchJson<{ titles: string[] }>(`/api/analyses?page=${pageParam}`),
          initialPageParam: 1,
          getNextPageParam: () => undefined,
          meta: { path: '/api/analyses?page=1', firstPageParam: 1 } satisfies ApiQueryMeta,
        },
        useApiQueryClient(),
      );
      usePageHead({ title: '기술 분석' });
      return <h1>{list.data?.pages.flatMap((page) => page.titles).join(', ') ?? '…'}</h1>;
    }
    const first = { titles: ['첫 분석', '둘째 분석'] };
    const page = await renderPage({
      url: '/tech-analysis',
      readApi: api({ '/api/analyses?page=1': first }).readApi,
      siteUrl: SITE,
      remotes: { tech_analysis: { ServerApp: remoteServerApp(AnalysesApp) } },
    });
    expect(page?.html).toContain('<h1>첫 분석, 둘째 분석</h1>');
    const { queries } = JSON.parse(page!.queryData!) as DehydratedState;
    expect(queries.map((query) => query.state.data)).toContainEqual({ pages: [first], pageParams: [1] });
  });

  it('leaves a remote’s page without its server module to the gateway’s generic document, and draws the admin pages’ heads only', async () => {
    const { readApi } = api({});
    await expect(renderPage({ url: '/news/a1', readApi, siteUrl: SITE })).resolves.toBeUndefined();
    expect(isServerRendered('/admin')).toBe(false);
    expect(isServerRendered('/category/gen-ai?page=2')).toBe(true);
    const admin = await renderPage({ url: '/admin', readApi, siteUrl: SITE });
    expect(admin?.html).toBeUndefined();
    expect(admin?.description).toMatchObject({
      status: 200,
      title: '관리자 | 펄스',
      robots: 'noindex, nofollow',
    });
    for (const [path, title] of [
      ['/admin/sources', '뉴스 소스 관리'],
      ['/admin/authoring', '글쓰기'],
      ['/admin/newsletter', '뉴스레터 관리'],
      ['/admin/synonyms', '검색 동의어'],
      ['/admin/nicknames', '닉네임 관리'],
      ['/admin/staff', '스태프 계정'],
      ['/admin/audit', '감사 기록'],
      ['/admin/contact', '독자 문의'],
    ]) {
      expect(isServerRendered(path)).toBe(false);
      const screen = await renderPage({ url: path, readApi, siteUrl: SITE });
      expect(screen?.description).toMatchObject({
        status: 200,
        title: `${title} | 펄스`,
        robots: 'noindex, nofollow',
      });
    }
  });

  it('describes a remote’s page with the describer its server module exports, and a 404 when it draws its not-found page', async () => {
    const QaList = () => {
      usePageHead({ title: 'Q&A 커뮤니티', description: '묻고 답하기', canonical: '/community/qa' });
      return <h1>질문 목록</h1>;
    };
    // A remote's App as its own bundle builds it: its routes, and the one not-found page for the rest.
    const QaApp = () => (
      <Routes>
        <Route path="qa" element={<QaList />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    );
    const describe = () => ({ jsonLd: [{ '@type': 'ItemList' }] });
    const remotes = { qa: { ServerApp: remoteServerApp(QaApp), describe } };
    const { readApi } = api({});
    const list = await renderPage({ url: '/community/qa', readApi, remotes, siteUrl: SITE });
    expect(list?.description).toMatchObject({
      status: 200,
      title: 'Q&A 커뮤니티 | 펄스',
      description: '묻고 답하기',
      canonical: `${SITE}/community/qa`,
      jsonLd: [{ '@type': 'ItemList' }],
    });
    const unknown = await renderPage({ url: '/community/no-such-page', readApi, remotes, siteUrl: SITE });
    expect(unknown?.description).toMatchObject({ status: 404, title: '페이지를 찾을 수 없습니다 | 펄스' });
    expect(unknown?.html).toContain('No route matches &quot;/community/no-such-page&quot;');
    // The shell's own pages name theirs too; the home page is the site, with its search.
    const about = await renderPage({ url: '/about', readApi, siteUrl: SITE });
    expect(about?.description).toMatchObject({
      status: 200,
      title: '사이트 소개 | 펄스',
      canonical: `${SITE}/about`,
    });
    const home = await renderPage({ url: '/', readApi, siteUrl: SITE });
    expect(home?.description.jsonLd).toMatchObject([{ '@type': 'WebSite' }]);
  });
});
