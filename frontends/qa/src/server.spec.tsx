/** @jest-environment node */
// The qa remote's pages as the server renders them: no window, the request's own query client.
import { createServerQueryClient, type ApiQueryMeta, type PageHeadSink } from '@pulse/frontend-ui';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { preload } from './App';
import { ServerApp } from './server';
import { listPage, question } from '../testing/fixtures';

/**
 * Renders `url` as the shell's server render does (frontends/shell/src/server/render.tsx): once to learn
 * the reads its queries name, then again with their answers; the head is the last render's.
 */
function renderServer(url: string, answers: Record<string, unknown> = {}) {
  const client = createServerQueryClient();
  const tree = (sink: PageHeadSink) => (
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/community/*" element={<ServerApp queryClient={client} pageHead={sink} />} />
      </Routes>
    </MemoryRouter>
  );
  renderToString(tree({}));
  const reads: string[] = [];
  for (const query of client.getQueryCache().getAll()) {
    const meta = query.meta as ApiQueryMeta;
    reads.push(meta.path);
    const data = answers[meta.path];
    if (data === undefined) continue;
    client.setQueryData(
      query.queryKey,
      meta.firstPageParam === undefined ? data : { pages: [data], pageParams: [meta.firstPageParam] },
    );
  }
  const sink: PageHeadSink = {};
  return { html: renderToString(tree(sink)), head: sink.head, reads };
}

// The pages are chunks of their own; the shell's server render waits for them (a prerender) before the
// render that is kept.
beforeAll(() =>
  Promise.all(['/community/qa', '/community/qa/ask', '/community/questions/q1'].map((path) => preload(path))),
);

describe('the qa remote on the server', () => {
  it('renders the question list’s first page, with the filters the URL gives, and its head', () => {
    const path = '/api/community/questions?page=1&sort=popular&category=all&q=%ED%86%A0%ED%81%B0';
    const page = renderServer('/community/qa?sort=popular&q=토큰', {
      [path]: listPage([question('q1'), question('q2')], true).body,
    });
    expect(page.reads).toEqual([path]);
    expect(page.html).toContain('질문 제목 q1 입니다');
    expect(page.html).toContain('질문 제목 q2 입니다');
    expect(page.html).toContain('더 보기');
    expect(page.head).toMatchObject({ title: 'Q&A 커뮤니티', canonical: '/community/qa' });
    expect(page.head?.status).toBeUndefined();
  });

  it('renders the ask form empty, with no reader (their identity loads after hydration)', () => {
    const page = renderServer('/community/qa/ask');
    expect(page.reads).toEqual([]);
    expect(page.html).toContain('<h1>질문하기</h1>');
    expect(page.html).toMatch(/<input id="qa-title" type="text"[^>]*value=""/);
    expect(page.html).toContain('질문 등록');
    expect(page.head).toMatchObject({ title: '질문하기', canonical: '/community/qa/ask' });
  });

  it('draws the not-found page, a 404, for a path none of its routes serves', () => {
    for (const url of ['/community', '/community/qa/ask/more', '/community/no-such-page']) {
      const page = renderServer(url);
      expect(page.html).toContain('404 Page Not Found');
      expect(page.head?.status).toBe(404);
    }
  });
});
