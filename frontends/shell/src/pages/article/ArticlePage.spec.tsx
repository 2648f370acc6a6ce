// /article/{id} renders the shared page of frontends/ui (whose specs test every behaviour); here, only what this
// route adds: breadcrumb, category badges, tag and related links, its share platforms, the tab title, going home.
import { queryClient } from '@pulse/frontend-ui';
import {
  cleanup,
  click,
  errorResponse,
  get,
  installFetch,
  location,
  queryAll,
  render,
  waitFor,
} from '@pulse/frontend-ui/src/testing';
import { Route, Routes } from 'react-router-dom';
import { article, listItem } from '../../test/fixtures';
import ArticlePage from './ArticlePage';

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const show = (url: string) =>
  render(
    <Routes>
      <Route path="/article/:id" element={<ArticlePage />} />
    </Routes>,
    url,
  );

it('shows the shared article page with the breadcrumb, category badges, tag search links and related /article links', async () => {
  installFetch()
    .on('GET', '/api/articles/a1', { body: { article: article() } })
    .on('GET', '/api/articles/related/a1', { body: { articles: [listItem({ id: 'r1', imageUrl: null })] } })
    .on('GET', '/api/interactions/status/a1', { body: { liked: false } })
    .on('POST', '/api/articles/a1/view', { body: { counted: true, views: 121 } });
  await show('/article/a1');
  await waitFor(() => get('h1#article-title'));

  expect(queryAll('nav.breadcrumb li').map((li) => li.textContent)).toEqual([
    '홈',
    '생성형 AI',
    '오픈AI, 새 추론 모델 공개 (a1)',
  ]);
  expect(queryAll('.article__meta a').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['생성형 AI', '/category/gen-ai'],
    ['글로벌 빅테크', '/category/big-tech'],
  ]);
  expect(get('.article__tags a').getAttribute('href')).toBe(`/search?tag=${encodeURIComponent('오픈AI')}`);
  expect(queryAll('.share-buttons button').map((b) => b.textContent)).toEqual([
    'Facebook',
    'Twitter',
    'Telegram',
  ]);
  expect(queryAll('button', '링크 복사')).toHaveLength(0);
  expect(document.title).toBe('오픈AI, 새 추론 모델 공개 (a1) | 펄스');
  await waitFor(() => expect(get('.related-item').getAttribute('href')).toBe('/article/r1'));
  expect(get('.related-item [role="img"]')).toBeTruthy();
});

it("titles the tab '기사를 찾을 수 없습니다' and goes home from 돌아가기 on a 404", async () => {
  installFetch().on('GET', '/api/articles/missing', errorResponse(404, 'article missing not found'));
  await show('/article/missing');
  await waitFor(() => get('[role="alert"] h1', '기사를 찾을 수 없습니다'));
  expect(document.title).toBe('기사를 찾을 수 없습니다 | 펄스');
  await click(get('button', '돌아가기'));
  expect(location()).toBe('/');
});
