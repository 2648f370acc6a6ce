import {
  byLabel,
  cleanup,
  click,
  type RecordedRequest,
  get,
  location,
  installFetch,
  pageText,
  queryAll,
  render,
  select,
  waitFor,
} from '@pulse/frontend-ui/src/testing';
import { CATEGORY_FILTERS as CONTRACT_FILTERS, CATEGORY_SORTS as CONTRACT_SORTS } from '@pulse/contracts';
import { queryClient } from '@pulse/frontend-ui';
import { Route, Routes } from 'react-router-dom';
import { listItems } from '../../test/fixtures';
import {
  CATEGORY_FILTERS,
  CATEGORY_SORTS,
  categoryApiPath,
  categorySearch,
  readCategoryQuery,
} from './category-query';
import CategoryPage from './CategoryPage';

beforeEach(() => queryClient.clear());
afterEach(cleanup);

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
  render(
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
    await show('/category/gen-ai');
    await waitFor(() => expect(queryAll('article.article-card')).toHaveLength(3));
    expect(get('h1').textContent).toBe('생성형 AI');
    expect(get('article.article-card a').getAttribute('href')).toBe('/article/n1');
    expect(get('a.rss-link').getAttribute('href')).toBe('/category/gen-ai/rss.xml');
    expect(queryAll('nav.breadcrumb li').map((li) => li.textContent)).toEqual(['홈', '생성형 AI']);
    await waitFor(() => expect(get('.sidebar-counts').textContent).toBe('전체 기사1,234오늘 새 기사+7'));
    expect(pageText()).not.toContain('6,349');
    expect(get('.tag-cloud a').getAttribute('href')).toBe(`/search?tag=${encodeURIComponent('오픈AI')}`);
    expect(get('.sidebar-sources').textContent).toContain('TechCrunch');
  });

  it.each([
    ['Gen AI', '/category/gen-ai'],
    ['Big%20Tech', '/category/big-tech'],
    ['%EB%B8%94%EB%A1%9D%EC%B2%B4%EC%9D%B8', '/category/blockchain'],
  ])('redirects the legacy or Korean name %p to its slug', async (name, target) => {
    installFetch();
    await show(`/category/${name}?sort=views`);
    expect(location()).toBe(`${target}?sort=views`);
  });

  it("shows 'Category not found' in Korean for an unknown category", async () => {
    const api = installFetch();
    await show('/category/metaverse');
    expect(get('h1').textContent).toBe('카테고리를 찾을 수 없습니다');
    expect(queryAll('.page-links a').map((a) => a.getAttribute('href'))).toEqual([
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
    await show('/category/blockchain?page=2');
    await waitFor(() => get('nav.pagination'));
    expect(get('a[aria-current="page"]').textContent).toBe('2');

    await select(byLabel('정렬'), 'popular');
    expect(location()).toBe('/category/blockchain?sort=popular');
    await select(byLabel('필터'), 'with-image');
    expect(location()).toBe('/category/blockchain?sort=popular&filter=with-image');
    await waitFor(() =>
      expect(api.requests.map((c) => c.url)).toContain(
        '/api/articles/category/blockchain?page=1&sort=popular&filter=with-image',
      ),
    );

    await click(get('nav.pagination a', '다음'));
    expect(location()).toBe('/category/blockchain?sort=popular&filter=with-image&page=2');

    await click(get('button', '초기화'));
    expect(location()).toBe('/category/blockchain');
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
