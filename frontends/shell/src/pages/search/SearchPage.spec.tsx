import {
  cleanup,
  errorResponse,
  get,
  location,
  installFetch,
  pageText,
  queryAll,
  render,
  waitFor,
} from '@pulse/frontend-ui/src/testing';
import { SEARCH_DESCRIPTION_LENGTH as CONTRACT_LENGTH } from '@pulse/contracts';
import { queryClient } from '@pulse/frontend-ui';
import { Route, Routes } from 'react-router-dom';
import { SEARCH_PAGE } from '../../copy';
import { listItem } from '../../test/fixtures';
import SearchPage, { SEARCH_DESCRIPTION_LENGTH } from './SearchPage';
import TagPage from './TagPage';

beforeEach(() => queryClient.clear());
afterEach(cleanup);

const show = (url: string) =>
  render(
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
    await show('/search?q=%EB%B8%94%EB%A1%9D%EC%B2%B4%EC%9D%B8&page=2');
    await waitFor(() => expect(queryAll('.search-grid .search-result')).toHaveLength(2));
    expect(api.requests[0]!.url).toBe('/api/articles/search?q=%EB%B8%94%EB%A1%9D%EC%B2%B4%EC%9D%B8&page=2');
    expect(get('h1').textContent).toBe("'블록체인' 검색 결과");
    expect(pageText()).toContain('총 25건');
    const descriptions = queryAll('.search-result__description').map((p) => p.textContent!);
    expect(descriptions[0]).toBe(`${long.slice(0, 120)}…`);
    expect(descriptions[1]).toBe('짧은 설명');
    expect(get('.search-result a').getAttribute('href')).toBe('/article/s1');
    expect(get('a[aria-current="page"]').textContent).toBe('2');
    expect(get('a[rel="next"]').getAttribute('href')).toBe(
      '/search?q=%EB%B8%94%EB%A1%9D%EC%B2%B4%EC%9D%B8&page=3',
    );
    expect(SEARCH_DESCRIPTION_LENGTH).toBe(CONTRACT_LENGTH);
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
    await show('/search?q=qmffhrcpdls');
    await waitFor(() => expect(pageText()).toContain(SEARCH_PAGE.searchedAs('qmffhrcpdls', '블록체인')));
    expect(get('.search-notice').getAttribute('role')).toBe('status');
    expect(pageText()).not.toContain(SEARCH_PAGE.partial);

    cleanup();
    queryClient.clear();
    installFetch().on('GET', '/api/articles/search', {
      body: { articles: [listItem({ id: 'p1' })], total: 1, pages: 1, matching: 'partial' },
    });
    await show('/search?q=%EB%B8%94%EB%A1%9D%EC%B2%B4%EC%9D%B8%20%EB%83%89%EC%9E%A5%EA%B3%A0');
    await waitFor(() => expect(pageText()).toContain(SEARCH_PAGE.partial));
    expect(pageText()).not.toContain('대신');
  });

  it('searches by tag', async () => {
    const api = installFetch().on('GET', '/api/articles/search', {
      body: { articles: [], total: 0, pages: 0 },
    });
    await show('/search?tag=%EC%98%A4%ED%94%88AI');
    await waitFor(() => expect(pageText()).toContain(SEARCH_PAGE.empty));
    expect(api.requests[0]!.url).toBe('/api/articles/search?tag=%EC%98%A4%ED%94%88AI&page=1');
    expect(get('h1').textContent).toBe('#오픈AI 태그 기사');
  });

  it('sends /tags/{slug} to the search for that tag', async () => {
    installFetch().on('GET', '/api/articles/search', { body: { articles: [], total: 0, pages: 0 } });
    await show('/tags/%EC%98%A4%ED%94%88ai');
    expect(location()).toBe('/search?tag=%EC%98%A4%ED%94%88ai');
  });

  it.each(['/search', '/search?q=', '/search?q=%20%20'])('goes home for the empty query %p', async (url) => {
    const api = installFetch();
    await show(url);
    expect(location()).toBe('/');
    expect(api.requests).toEqual([]);
  });

  it('shows the seed error copy when the search fails', async () => {
    installFetch().on('GET', '/api/articles/search', errorResponse(400, 'q must be 1 to 200 characters'));
    await show('/search?q=x');
    await waitFor(() => expect(get('[role="alert"]').textContent).toContain(SEARCH_PAGE.error));
    expect(SEARCH_PAGE.error).toBe('검색 결과를 불러오는 중 오류가 발생했습니다. 잠시 후 다시 시도해주세요.');
  });
});
