import { errorResponse, location, installFetch, renderAt } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ARCHIVE_CATEGORIES as CONTRACT_CATEGORIES,
  ARCHIVE_SORTS as CONTRACT_SORTS,
  ARCHIVE_TIMEFRAMES as CONTRACT_TIMEFRAMES,
} from '@pulse/contracts';
import { queryClient } from '@pulse/frontend-ui';
import { listItems } from '../../../testing/fixtures';
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

const cards = () => screen.queryAllByRole('article');

describe('ArchivePage', () => {
  it('pushes each filter to the URL and reads it back into the API call', async () => {
    const api = installFetch().on('GET', '/api/articles/archive', {
      body: {
        articles: listItems(2),
        currentPage: 1,
        totalPages: 4,
      },
    });
    const user = userEvent.setup();
    renderAt(<ArchivePage />, '/archive');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards().every((card) => card.classList.contains('article-card'))).toBe(true);
    expect(api.requests[0]!.url).toBe('/api/articles/archive?page=1&category=all&sort=latest&timeframe=all');

    const filters = screen.getByRole('search');
    await user.selectOptions(within(filters).getByRole('combobox', { name: '카테고리' }), 'nft');
    expect(location()).toBe('/archive?category=nft');
    await user.selectOptions(within(filters).getByRole('combobox', { name: '정렬' }), 'views');
    await user.selectOptions(within(filters).getByRole('combobox', { name: '기간' }), 'week');
    expect(location()).toBe('/archive?category=nft&sort=views&timeframe=week');

    await user.type(within(filters).getByRole('searchbox', { name: '검색어' }), '  이더리움 ETF ');
    await user.click(within(filters).getByRole('button', { name: '적용' }));
    expect(location()).toBe(
      `/archive?category=nft&sort=views&timeframe=week&q=${encodeURIComponent('이더리움 ETF').replace(/%20/g, '+')}`,
    );
    await waitFor(() =>
      expect(api.requests.at(-1)!.url).toBe(
        '/api/articles/archive?page=1&category=nft&sort=views&timeframe=week&q=%EC%9D%B4%EB%8D%94%EB%A6%AC%EC%9B%80+ETF',
      ),
    );

    await user.click(
      within(screen.getByRole('navigation', { name: '페이지 이동' })).getByRole('link', { name: '2 페이지' }),
    );
    expect(location()).toContain('&page=2');
  });

  it('shows the empty and error states', async () => {
    installFetch().on('GET', '/api/articles/archive', {
      body: { articles: [], currentPage: 1, totalPages: 0 },
    });
    const { unmount } = renderAt(<ArchivePage />, '/archive?timeframe=today');
    expect(await screen.findByText(/조건에 맞는 기사가 없습니다/)).toBeInTheDocument();

    unmount();
    queryClient.clear();
    installFetch().on('GET', '/api/articles/archive', errorResponse(400, 'q must be 1 to 200 characters'));
    renderAt(<ArchivePage />, '/archive?timeframe=year');
    expect(await screen.findByRole('alert')).toHaveTextContent('q must be 1 to 200 characters');
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
