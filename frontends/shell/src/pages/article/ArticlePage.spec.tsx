// /article/{id} renders the shared page of frontends/ui (whose specs test every behaviour); here, only what this
// route adds: breadcrumb, category badges, tag and related links, its share platforms, the tab title, going home.
import { queryClient } from '@pulse/frontend-ui';
import { errorResponse, installFetch, location, renderAt } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { article, listItem } from '../../../testing/fixtures';
import ArticlePage from './ArticlePage';

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(() => {
  jest.restoreAllMocks();
});

const show = (url: string) =>
  renderAt(
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
  show('/article/a1');
  const title = '오픈AI, 새 추론 모델 공개 (a1)';
  await screen.findByRole('heading', { level: 1, name: title });

  const breadcrumb = screen.getByRole('navigation', { name: '이동 경로' });
  expect(
    within(breadcrumb)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['홈', '생성형 AI', title]);
  const meta = screen.getByRole('article', { name: title }).querySelector<HTMLElement>('.article__meta')!;
  expect(
    within(meta)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]),
  ).toEqual([
    ['생성형 AI', '/category/gen-ai'],
    ['글로벌 빅테크', '/category/big-tech'],
  ]);
  expect(within(screen.getByRole('list', { name: '태그' })).getByRole('link')).toHaveAttribute(
    'href',
    `/search?tag=${encodeURIComponent('오픈AI')}`,
  );
  const share = screen.getByRole('group', { name: '공유하기' });
  expect(
    within(share)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Facebook', 'Twitter', 'Telegram']);
  expect(screen.queryByRole('button', { name: /링크 복사/ })).not.toBeInTheDocument();
  expect(document.title).toBe('오픈AI, 새 추론 모델 공개 (a1) | 펄스');
  const related = screen.getByRole('complementary', { name: '관련 기사' });
  await waitFor(() => expect(within(related).getByRole('link')).toHaveAttribute('href', '/article/r1'));
  expect(within(within(related).getByRole('link')).getByRole('img')).toBeInTheDocument();
});

it("titles the tab '기사를 찾을 수 없습니다' and goes home from 돌아가기 on a 404", async () => {
  installFetch().on('GET', '/api/articles/missing', errorResponse(404, 'article missing not found'));
  show('/article/missing');
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByRole('heading', { level: 1 }).textContent).toBe('기사를 찾을 수 없습니다');
  await waitFor(() => expect(document.title).toBe('기사를 찾을 수 없습니다 | 펄스'));
  await userEvent.click(screen.getByRole('button', { name: '돌아가기' }));
  expect(location()).toBe('/');
});
