import { errorResponse, location, installFetch, renderAt } from '@pulse/frontend-ui/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { SEARCH_DESCRIPTION_LENGTH as CONTRACT_LENGTH } from '@pulse/contracts';
import { queryClient } from '@pulse/frontend-ui';
import { Route, Routes } from 'react-router';
import { SEARCH_PAGE } from '../../copy';
import { listItem } from '../../../testing/fixtures';
import SearchPage, { SEARCH_DESCRIPTION_LENGTH } from './SearchPage';
import TagPage from './TagPage';

beforeEach(() => queryClient.clear());

const results = () =>
  screen
    .queryAllByRole('listitem')
    .filter(
      (li) => li.classList.contains('search-result') && li.parentElement?.classList.contains('search-grid'),
    );
const show = (url: string) =>
  renderAt(
    <Routes>
      <Route path="/" element={<p>home</p>} />
      <Route path="/search" element={<SearchPage />} />
      <Route path="/tags/:slug" element={<TagPage />} />
    </Routes>,
    url,
  );

describe('SearchPage', () => {
  it('lists results in the 3-column grid with 120-character descriptions and pages', async () => {
    const long = '설명'.repeat(100);
    const api = installFetch().on('GET', '/api/articles/search', {
      body: {
        articles: [listItem({ id: 's1', summary: long }), listItem({ id: 's2', summary: '짧은 설명' })],
        total: 25,
        pages: 3,
      },
    });
    show('/search?q=%EB%B8%94%EB%A1%9D%EC%B2%B4%EC%9D%B8&page=2');
    await waitFor(() => expect(results()).toHaveLength(2));
    expect(api.requests[0]!.url).toBe('/api/articles/search?q=%EB%B8%94%EB%A1%9D%EC%B2%B4%EC%9D%B8&page=2');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("'블록체인' 검색 결과");
    expect(document.body).toHaveTextContent('총 25건');
    const descriptions = results().map((r) => r.querySelector('.search-result__description')?.textContent);
    expect(descriptions[0]).toBe(`${long.slice(0, 120)}…`);
    expect(descriptions[1]).toBe('짧은 설명');
    expect(within(results()[0]!).getByRole('link')).toHaveAttribute('href', '/article/s1');
    const pages = within(screen.getByRole('navigation', { name: '페이지 이동' }));
    const current = pages.getByRole('link', { name: '2 페이지' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current.textContent).toBe('2');
    expect(pages.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page')).toEqual([
      current,
    ]);
    const next = pages.getByRole('link', { name: '다음' });
    expect(next).toHaveAttribute('rel', 'next');
    expect(next).toHaveAttribute('href', '/search?q=%EB%B8%94%EB%A1%9D%EC%B2%B4%EC%9D%B8&page=3');
    expect(SEARCH_DESCRIPTION_LENGTH).toBe(CONTRACT_LENGTH);
  });

  it('links a tech analysis found beside the articles to its own page, labelled with its technology', async () => {
    const analysis = {
      kind: 'tech-analysis',
      id: 'ta-1',
      slug: 'kubernetes',
      url: '/tech-analysis/kubernetes',
      title: '쿠버네티스 오퍼레이터 분석',
      summary: '조정 루프로 상태를 맞춥니다.',
      technologyName: 'Kubernetes',
      technologyCategory: 'cloud_native',
      publishedAt: '2026-03-01T00:00:00.000Z',
      likesCount: 0,
      views: 0,
      highlight: { title: '쿠버네티스 오퍼레이터 분석', snippet: '조정 루프로 상태를 맞춥니다.' },
    };
    installFetch().on('GET', '/api/articles/search', {
      body: { articles: [listItem({ id: 's1' }), analysis], total: 2, pages: 1 },
    });
    show('/search?q=k8s');
    await waitFor(() => expect(results()).toHaveLength(2));
    expect(within(results()[0]!).getByRole('link')).toHaveAttribute('href', '/article/s1');
    const card = within(results()[1]!);
    expect(card.getByRole('link')).toHaveAttribute('href', '/tech-analysis/kubernetes');
    expect(results()[1]!.querySelector('.search-result__meta')?.textContent).toMatch(
      /^기술분석 · Kubernetes · /,
    );
  });

  it('says when it searched the keys in the other 한/영 mode, or found only some of the words', async () => {
    installFetch().on('GET', '/api/articles/search', {
      body: {
        articles: [listItem({ id: 'k1' })],
        total: 1,
        pages: 1,
        matching: 'all',
        searchedAs: '블록체인',
      },
    });
    show('/search?q=qmffhrcpdls');
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(SEARCH_PAGE.searchedAs('qmffhrcpdls', '블록체인'));
    expect(notice).toHaveClass('search-notice');
    expect(document.body).not.toHaveTextContent(SEARCH_PAGE.partial);

    cleanup();
    queryClient.clear();
    installFetch().on('GET', '/api/articles/search', {
      body: { articles: [listItem({ id: 'p1' })], total: 1, pages: 1, matching: 'partial' },
    });
    show('/search?q=%EB%B8%94%EB%A1%9D%EC%B2%B4%EC%9D%B8%20%EB%83%89%EC%9E%A5%EA%B3%A0');
    expect(await screen.findByRole('status')).toHaveTextContent(SEARCH_PAGE.partial);
    expect(document.body).not.toHaveTextContent('대신');
  });

  it('searches by tag', async () => {
    const api = installFetch().on('GET', '/api/articles/search', {
      body: { articles: [], total: 0, pages: 0 },
    });
    show('/search?tag=%EC%98%A4%ED%94%88AI');
    await waitFor(() => expect(document.body).toHaveTextContent(SEARCH_PAGE.empty));
    expect(api.requests[0]!.url).toBe('/api/articles/search?tag=%EC%98%A4%ED%94%88AI&page=1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('#오픈AI 태그 기사');
  });

  it('sends /tags/{slug} to the search for that tag', async () => {
    installFetch().on('GET', '/api/articles/search', { body: { articles: [], total: 0, pages: 0 } });
    show('/tags/%EC%98%A4%ED%94%88ai');
    expect(location()).toBe('/search?tag=%EC%98%A4%ED%94%88ai');
    // The tag's search then runs and settles.
    await waitFor(() => expect(document.body).toHaveTextContent(SEARCH_PAGE.empty));
  });

  it.each(['/search', '/search?q=', '/search?q=%20%20'])('goes home for the empty query %p', async (url) => {
    const api = installFetch();
    show(url);
    expect(location()).toBe('/');
    expect(screen.getByText('home')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('shows the seed error copy when the search fails', async () => {
    installFetch().on('GET', '/api/articles/search', errorResponse(400, 'q must be 1 to 200 characters'));
    show('/search?q=x');
    expect(await screen.findByRole('alert')).toHaveTextContent(SEARCH_PAGE.error);
    expect(SEARCH_PAGE.error).toBe('검색 결과를 불러오는 중 오류가 발생했습니다. 잠시 후 다시 시도해주세요.');
  });
});
