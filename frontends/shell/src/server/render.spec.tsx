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
import { Route, Routes, useLocation } from 'react-router-dom';
import { article, listItems } from '../test/fixtures';
import { isServerRendered, remoteOf, renderPage, SHARED_MODULES } from './render';

/** The API as the gateway answers a render's reads; a path without an answer stays unanswered. */
function api(answers: Record<string, unknown>) {
  const reads: string[] = [];
  return {
    reads,
    readApi: (path: string) => {
      reads.push(path);
      return Promise.resolve(answers[path]);
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
    const page = await renderPage({ url: '/', readApi });
    expect(reads).toEqual(expect.arrayContaining(['/api/content/news?limit=12&offset=0']));
    expect(page?.html).toContain(latest.articles[0]!.title);
    expect(page?.html.match(/<article class="article-card/g)).toHaveLength(12);
    const seed = answersOf(page!.queryData);
    expect(seed['home:latest']).toEqual(latest);
    // Hot topics had no answer: not embedded, and rendered loading for the browser to fetch.
    expect(Object.keys(seed)).toEqual(['home:latest']);
    expect(page?.html).not.toContain('<!--$!-->');
  });

  it('renders an article with its body, and reads each path once however many passes it takes', async () => {
    const shown = article({ id: 'a1', title: '서버에서 그린 기사', content: '<p>본문 첫 문단입니다.</p>' });
    const { readApi, reads } = api({ '/api/articles/a1': { article: shown } });
    const page = await renderPage({ url: '/article/a1', readApi });
    expect(page?.html).toContain('<h1 id="article-title">서버에서 그린 기사</h1>');
    expect(page?.html).toContain('본문 첫 문단입니다.');
    expect(new Set(reads).size).toBe(reads.length);
  });

  it('escapes the embedded answers so none can close their script block', async () => {
    const hostile = listItems(1).map((item) => ({ ...item, title: '</script><script>alert(1)</script>' }));
    const { readApi } = api({
      '/api/content/news?limit=12&offset=0': { articles: hostile, pagination: { hasMore: false } },
    });
    const page = await renderPage({ url: '/', readApi });
    expect(page?.queryData).not.toContain('<');
    expect(answersOf(page!.queryData)['home:latest']).toMatchObject({
      articles: [{ title: hostile[0]!.title }],
    });
  });

  it('renders a remote’s page it is given the server module of, in the layout, its reads in the seed', async () => {
    // A remote's App as its server bundle exports it: reading the API and the router's location through
    // the shell's libraries (the gateway links a real bundle to SHARED_MODULES).
    function TrendingApp() {
      const { pathname } = useLocation();
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
      remotes: { trending: { ServerApp: remoteServerApp(TrendingApp) } },
    });
    expect(page?.html).toContain('<h1>트렌딩</h1><p>/trending 42</p>');
    expect(page?.html).toContain('class="site-header');
    expect(answersOf(page!.queryData)['trending:stats']).toEqual({ total: 42 });
    expect(Object.keys(SHARED_MODULES)).toEqual([
      'react',
      'react/jsx-runtime',
      'react-dom',
      'react-router-dom',
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
      return <h1>{list.data?.pages.flatMap((page) => page.titles).join(', ') ?? '…'}</h1>;
    }
    const first = { titles: ['첫 분석', '둘째 분석'] };
    const page = await renderPage({
      url: '/tech-analysis',
      readApi: api({ '/api/analyses?page=1': first }).readApi,
      remotes: { tech_analysis: { ServerApp: remoteServerApp(AnalysesApp) } },
    });
    expect(page?.html).toContain('<h1>첫 분석, 둘째 분석</h1>');
    const { queries } = JSON.parse(page!.queryData) as DehydratedState;
    expect(queries.map((query) => query.state.data)).toContainEqual({ pages: [first], pageParams: [1] });
  });

  it('leaves the remotes’ pages without a server module and the admin pages to the browser', async () => {
    expect(isServerRendered('/trending')).toBe(false);
    expect(isServerRendered('/community/questions/q1')).toBe(false);
    expect(isServerRendered('/admin')).toBe(false);
    expect(isServerRendered('/category/gen-ai?page=2')).toBe(true);
    await expect(renderPage({ url: '/news/a1', readApi: api({}).readApi })).resolves.toBeUndefined();
  });

  it('renders only the pages a remote says its server module renders (rendersPath)', async () => {
    const QaApp = () => <h1>질문</h1>;
    const qa = {
      ServerApp: remoteServerApp(QaApp),
      rendersPath: (pathname: string) => pathname.startsWith('/community/questions/'),
    };
    expect(isServerRendered('/community/questions/q1', { qa })).toBe(true);
    expect(isServerRendered('/community/qa', { qa })).toBe(false);
    const { readApi } = api({});
    await expect(renderPage({ url: '/community/qa/ask', readApi, remotes: { qa } })).resolves.toBeUndefined();
    expect((await renderPage({ url: '/community/questions/q1', readApi, remotes: { qa } }))?.html).toContain(
      '<h1>질문</h1>',
    );
  });

  it('reports the head the drawn page names, and a 404 when a remote draws its not-found page', async () => {
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
    const remotes = { qa: { ServerApp: remoteServerApp(QaApp) } };
    const { readApi } = api({});
    const list = await renderPage({ url: '/community/qa', readApi, remotes });
    expect(list?.status).toBe(200);
    expect(list?.head).toEqual({
      title: 'Q&A 커뮤니티',
      description: '묻고 답하기',
      canonical: '/community/qa',
    });
    const unknown = await renderPage({ url: '/community/no-such-page', readApi, remotes });
    expect(unknown?.status).toBe(404);
    expect(unknown?.head?.title).toBe('페이지를 찾을 수 없습니다');
    expect(unknown?.html).toContain('No route matches &quot;/community/no-such-page&quot;');
    // The shell's own pages name theirs too.
    const about = await renderPage({ url: '/about', readApi });
    expect(about).toMatchObject({ status: 200, head: { title: '사이트 소개', canonical: '/about' } });
  });
});
