import {
  byLabel,
  cleanup,
  click,
  errorResponse,
  get,
  location,
  installFetch,
  pageText,
  queryAll,
  render,
  select,
  submit,
  type,
  waitFor,
} from '@pulse/frontend-ui/src/testing';
import {
  ARCHIVE_CATEGORIES as CONTRACT_CATEGORIES,
  ARCHIVE_SORTS as CONTRACT_SORTS,
  ARCHIVE_TIMEFRAMES as CONTRACT_TIMEFRAMES,
} from '@pulse/contracts';
import { queryClient } from '@pulse/frontend-ui';
import { listItems } from '../../test/fixtures';
import {
  ARCHIVE_CATEGORIES,
  ARCHIVE_SORTS,
  ARCHIVE_TIMEFRAMES,
  archiveApiPath,
  archiveSearch,
  readArchiveQuery,
} from './archive-query';
import ArchivePage from './ArchivePage';

beforeEach(() => queryClient.clear());
afterEach(cleanup);

describe('ArchivePage', () => {
  it('pushes each filter to the URL and reads it back into the API call', async () => {
    const api = installFetch().on('GET', '/api/articles/archive', {
      body: {
        articles: listItems(2),
        currentPage: 1,
        totalPages: 4,
      },
    });
    await render(<ArchivePage />, '/archive');
    await waitFor(() => expect(queryAll('article.article-card')).toHaveLength(2));
    expect(api.requests[0]!.url).toBe('/api/articles/archive?page=1&category=all&sort=latest&timeframe=all');

    await select(byLabel('카테고리'), 'nft');
    expect(location()).toBe('/archive?category=nft');
    await select(byLabel('정렬'), 'views');
    await select(byLabel('기간'), 'week');
    expect(location()).toBe('/archive?category=nft&sort=views&timeframe=week');

    await type(byLabel('검색어'), '  이더리움 ETF ');
    await submit(get('form[role="search"]'));
    expect(location()).toBe(
      `/archive?category=nft&sort=views&timeframe=week&q=${encodeURIComponent('이더리움 ETF').replace(/%20/g, '+')}`,
    );
    await waitFor(() =>
      expect(api.requests.at(-1)!.url).toBe(
        '/api/articles/archive?page=1&category=nft&sort=views&timeframe=week&q=%EC%9D%B4%EB%8D%94%EB%A6%AC%EC%9B%80+ETF',
      ),
    );

    await click(get('nav.pagination a', '2 페이지'));
    expect(location()).toContain('&page=2');
  });

  it('shows the empty and error states', async () => {
    installFetch().on('GET', '/api/articles/archive', {
      body: { articles: [], currentPage: 1, totalPages: 0 },
    });
    await render(<ArchivePage />, '/archive?timeframe=today');
    await waitFor(() => expect(pageText()).toContain('조건에 맞는 기사가 없습니다'));

    queryClient.clear();
    installFetch().on('GET', '/api/articles/archive', errorResponse(400, 'q must be 1 to 200 characters'));
    await render(<ArchivePage />, '/archive?timeframe=year');
    await waitFor(() => expect(get('[role="alert"]').textContent).toContain('q must be 1 to 200 characters'));
  });
});

describe('archive query', () => {
  it('round-trips through the URL and ignores unknown values', () => {
    const query = readArchiveQuery(
      new URLSearchParams('category=web3&sort=popular&timeframe=year&q=%20dao%20&page=2'),
    );
    expect(query).toEqual({ page: 2, category: 'web3', sort: 'popular', timeframe: 'year', q: 'dao' });
    expect(archiveSearch(query)).toBe('?category=web3&sort=popular&timeframe=year&q=dao&page=2');
    expect(readArchiveQuery(new URLSearchParams('category=metaverse&sort=oldest'))).toMatchObject({
      category: 'all',
      sort: 'latest',
    });
    expect(archiveApiPath(readArchiveQuery(new URLSearchParams()))).toBe(
      '/api/articles/archive?page=1&category=all&sort=latest&timeframe=all',
    );
  });

  it('offers exactly the values of libs/contracts', () => {
    expect(ARCHIVE_CATEGORIES).toEqual(CONTRACT_CATEGORIES);
    expect(ARCHIVE_SORTS).toEqual(CONTRACT_SORTS);
    expect(ARCHIVE_TIMEFRAMES).toEqual(CONTRACT_TIMEFRAMES);
  });
});
