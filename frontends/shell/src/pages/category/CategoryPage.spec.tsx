import { type RecordedRequest, location, installFetch, renderAt } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATEGORY_FILTERS as CONTRACT_FILTERS, CATEGORY_SORTS as CONTRACT_SORTS } from '@pulse/contracts';
import { queryClient } from '@pulse/frontend-ui';
import { Route, Routes } from 'react-router';
import { listItems } from '../../../testing/fixtures';
import {
  CATEGORY_FILTERS,
  CATEGORY_SORTS,
  categoryApiPath,
  categorySearch,
  readCategoryQuery,
} from './category-query';
import CategoryPage from './CategoryPage';

beforeEach(() => queryClient.clear());

const cards = () => screen.queryAllByRole('article');
const sidebarPart = (name: string) =>
  within(screen.getByRole('complementary', { name: '카테고리 정보' })).getByRole('region', { name });

const page = (currentPage: number, totalPages: number) => ({
  articles: listItems(3),
  currentPage,
  totalPages,
});
const sidebar = {
  popularTags: [{ name: '오픈AI', count: 42 }],
  rssSources: [
    {
      id: 's1',
      name: 'TechCrunch',
      description: '',
      sourceType: 'rss',
      url: 'https://techcrunch.com',
      imageUrl: null,
      count: 321,
    },
  ],
  articleCounts: { total: 1234, today: 7 },
};

const show = (url: string) =>
  renderAt(
    <Routes>
      <Route path="/category/:category" element={<CategoryPage />} />
    </Routes>,
    url,
  );

describe('CategoryPage', () => {
  it('lists the category with its sidebar of real counts, tags and sources', async () => {
    installFetch()
      .on('GET', '/api/articles/category/gen-ai?page=1&sort=latest&filter=all', { body: page(1, 3) })
      .on('GET', '/api/sidebar-data', { body: sidebar });
    show('/category/gen-ai');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards().every((card) => card.classList.contains('article-card'))).toBe(true);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('생성형 AI');
    expect(within(cards()[0]!).getAllByRole('link')[0]).toHaveAttribute('href', '/article/n1');
    expect(screen.getByRole('link', { name: 'RSS 구독' })).toHaveAttribute(
      'href',
      '/category/gen-ai/rss.xml',
    );
    const breadcrumb = within(screen.getByRole('navigation', { name: '이동 경로' }));
    expect(breadcrumb.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['홈', '생성형 AI']);
    await waitFor(() =>
      expect(sidebarPart('전체 기사').querySelector('dl')?.textContent).toBe('전체 기사1,234오늘 새 기사+7'),
    );
    expect(document.body).not.toHaveTextContent('6,349');
    expect(within(sidebarPart('인기 태그')).getByRole('link')).toHaveAttribute(
      'href',
      `/search?tag=${encodeURIComponent('오픈AI')}`,
    );
    expect(sidebarPart('뉴스 소스')).toHaveTextContent('TechCrunch');
  });

  it.each([
    ['Gen AI', '/category/gen-ai'],
    ['Big%20Tech', '/category/big-tech'],
    ['%EB%B8%94%EB%A1%9D%EC%B2%B4%EC%9D%B8', '/category/blockchain'],
  ])('redirects the legacy or Korean name %p to its slug', async (name, target) => {
    installFetch();
    show(`/category/${name}?sort=views`);
    expect(location()).toBe(`${target}?sort=views`);
    // The category's page then loads and settles.
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  });

  it("shows 'Category not found' in Korean for an unknown category", async () => {
    const api = installFetch();
    show('/category/metaverse');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('카테고리를 찾을 수 없습니다');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/category/gen-ai',
      '/category/blockchain',
      '/category/big-tech',
    ]);
    expect(api.requests).toEqual([]);
  });

  it('puts sort and filter in the URL from page 1, resets them, and paginates by URL', async () => {
    const api = installFetch()
      .on('GET', '/api/articles/category/blockchain', (call: RecordedRequest) => {
        const page = Number(new URL(call.url, 'http://x').searchParams.get('page'));
        return { body: { articles: listItems(3, `p${page}-`), currentPage: page, totalPages: 5 } };
      })
      .on('GET', '/api/sidebar-data', { body: sidebar });
    const user = userEvent.setup();
    show('/category/blockchain?page=2');
    const pages = within(await screen.findByRole('navigation', { name: '페이지 이동' }));
    expect(pages.getByRole('link', { name: '2 페이지' })).toHaveAttribute('aria-current', 'page');
    expect(pages.getByRole('link', { name: '2 페이지' }).textContent).toBe('2');

    const controls = within(screen.getByRole('group', { name: '정렬 · 필터' }));
    await user.selectOptions(controls.getByRole('combobox', { name: '정렬' }), 'popular');
    expect(location()).toBe('/category/blockchain?sort=popular');
    await user.selectOptions(controls.getByRole('combobox', { name: '필터' }), 'with-image');
    expect(location()).toBe('/category/blockchain?sort=popular&filter=with-image');
    await waitFor(() =>
      expect(api.requests.map((c) => c.url)).toContain(
        '/api/articles/category/blockchain?page=1&sort=popular&filter=with-image',
      ),
    );

    await user.click(
      within(screen.getByRole('navigation', { name: '페이지 이동' })).getByRole('link', { name: '다음' }),
    );
    expect(location()).toBe('/category/blockchain?sort=popular&filter=with-image&page=2');

    await user.click(controls.getByRole('button', { name: '초기화' }));
    expect(location()).toBe('/category/blockchain');
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  });
});

describe('category query', () => {
  it('reads the URL, falling back to defaults for unknown values', () => {
    expect(readCategoryQuery(new URLSearchParams('sort=oldest&filter=today&page=3'))).toEqual({
      page: 3,
      sort: 'oldest',
      filter: 'today',
    });
    expect(readCategoryQuery(new URLSearchParams('sort=random&filter=x&page=-1'))).toEqual({
      page: 1,
      sort: 'latest',
      filter: 'all',
    });
    expect(categorySearch({ page: 1, sort: 'latest', filter: 'all' })).toBe('');
    expect(categoryApiPath('big-tech', { page: 2, sort: 'views', filter: 'week' })).toBe(
      '/api/articles/category/big-tech?page=2&sort=views&filter=week',
    );
  });

  it('offers exactly the values of libs/contracts', () => {
    expect(CATEGORY_SORTS).toEqual(CONTRACT_SORTS);
    expect(CATEGORY_FILTERS).toEqual(CONTRACT_FILTERS);
  });
});
