import type { TrendingArticle, TrendingStatsResponse } from '@pulse/contracts';
import { queryClient } from '@pulse/frontend-ui';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from './App';
import { type FetchMock, installFetch, location, renderAt } from '@pulse/frontend-ui/testing';
function item(id: string, overrides: Partial<TrendingArticle> = {}): TrendingArticle {
  return {
    id,
    type: 'news',
    title: `트렌딩 ${id}`,
    summary: '',
    imageUrl: `https://img.example/${id}.jpg`,
    publishedAt: '2025-03-04T01:00:00.000Z',
    updatedAt: '2025-03-04T01:00:00.000Z',
    primaryCategory: 'blockchain',
    secondaryCategory: null,
    category: 'blockchain',
    tags: [],
    youtubeVideos: [],
    originalArticle: null,
    originalSources: [],
    likesCount: 1,
    sharesCount: 0,
    views: 500,
    hotScore: 20,
    viewsPerHour: 5,
    isHotTopic: false,
    snsShareCount: 0,
    techMeta: null,
    insightMeta: null,
    translationStatus: 'translated',
    ...overrides,
  };
}

const stats = (totalArticles: number): TrendingStatsResponse => ({
  totalStats: { totalArticles, totalViews: 98765, avgHotScore: 42.26 },
  hotTopicStats: { hotTopicCount: 7 },
  dailyTrends: [
    { date: '2025-03-03', articles: 4 },
    { date: '2025-03-04', articles: 8 },
  ],
});

let api: FetchMock;
beforeEach(() => {
  queryClient.clear();
  api = installFetch()
    .on('GET', /^\/api\/trending\/stats/, { body: stats(120) })
    .on('GET', /^\/api\/trending\/hot-topics/, { body: { articles: [item('h1'), item('h2')] } })
    .on('GET', /^\/api\/trending\/popular/, { body: { articles: [item('p1')] } })
    .on('GET', /^\/api\/trending\/rising/, { body: { articles: [] } });
});
afterEach(() => {
  jest.useRealTimers();
});

const open = (url = '/trending') => renderAt(<App />, url, '/trending/*');
const items = () => screen.queryAllByRole('listitem').filter((li) => li.classList.contains('trending-item'));
const selectedTab = () => screen.getByRole('tab', { selected: true });
const statsSummary = () => screen.getByTestId('stats-summary');

describe('trending page', () => {
  it('shows the hot topics (limit 10) linking to /article/{id}, with the stats of the last 24 hours', async () => {
    open();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(api.calls('GET', '/api/trending/hot-topics?limit=10')).toHaveLength(1);
    expect(api.calls('GET', '/api/trending/stats?period=day')).toHaveLength(1);
    expect(within(items()[0]!).getByRole('link', { name: /트렌딩 h1/ })).toHaveAttribute(
      'href',
      '/article/h1',
    );
    await waitFor(() => expect(statsSummary()).toHaveTextContent('98,765'));
    expect(selectedTab().textContent).toBe('핫 토픽');
  });

  it('links a tech analysis to its own page, labelled with its technology', async () => {
    const analysis: TrendingArticle = {
      kind: 'tech-analysis',
      id: 'ta-1',
      url: '/tech-analysis/kubernetes',
      title: '쿠버네티스 오퍼레이터 분석',
      summary: '',
      technologyName: 'Kubernetes',
      technologyCategory: 'cloud_native',
      imageUrl: null,
      publishedAt: '2025-03-04T01:00:00.000Z',
      updatedAt: '2025-03-04T01:00:00.000Z',
      likesCount: 3,
      sharesCount: 0,
      views: 30,
      hotScore: 12,
      viewsPerHour: 3,
      isHotTopic: false,
    };
    api.on('GET', /^\/api\/trending\/hot-topics/, { body: { articles: [item('h1'), analysis] } });
    open();
    await waitFor(() => expect(items()).toHaveLength(2));
    const link = within(items()[1]!).getByRole('link', { name: /쿠버네티스 오퍼레이터 분석/ });
    expect(link).toHaveAttribute('href', '/tech-analysis/kubernetes');
    expect(within(link).getByText('Kubernetes', { selector: '.badge--category' })).toBeTruthy();
  });

  it('switches tabs: popular with period and type, rising with its empty message, overview from the stats', async () => {
    const user = userEvent.setup();
    open();
    await waitFor(() => expect(items()).toHaveLength(2));

    const period = within(screen.getByRole('group', { name: '기간' }));
    await user.click(period.getByRole('button', { name: '7일' }));
    await user.click(
      within(screen.getByRole('group', { name: '유형' })).getByRole('button', { name: '분석' }),
    );
    await user.click(screen.getByRole('tab', { name: '인기' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(api.calls('GET', '/api/trending/popular?period=week&limit=10&type=analysis')).toHaveLength(1);
    expect(api.calls('GET', '/api/trending/stats?period=week')).toHaveLength(1);
    expect(period.getByRole('button', { name: '7일' })).toHaveAttribute('aria-pressed', 'true');
    expect(location()).toBe('/trending?period=week&type=analysis&tab=popular');

    await user.click(screen.getByRole('tab', { name: '급상승' }));
    await waitFor(() =>
      expect(document.body).toHaveTextContent(
        '현재 급상승 중인 콘텐츠가 없습니다. 잠시 후 다시 확인해주세요.',
      ),
    );
    expect(api.calls('GET', '/api/trending/rising?limit=10')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: '개요' }));
    const panel = screen.getByRole('tabpanel', { name: '개요' });
    expect(panel).toHaveAttribute('aria-labelledby', 'trending-tab-overview');
    expect(within(panel).getByRole('heading', { name: '일별 게시 추이' })).toBeInTheDocument();
    const [, ...rows] = within(within(panel).getByRole('table')).getAllByRole('row');
    expect(rows.map((tr) => tr.textContent)).toEqual(['03/034', '03/048']);
    expect(document.body).toHaveTextContent('42.3');
  });

  it('shows HOT strictly above hotScore 100 and the rising badge strictly above 50 views per hour', async () => {
    api.on('GET', /^\/api\/trending\/hot-topics/, {
      body: {
        articles: [
          item('at-limit', { hotScore: 100, viewsPerHour: 50 }),
          item('above', { hotScore: 100.5, viewsPerHour: 51 }),
        ],
      },
    });
    open();
    await waitFor(() => expect(items()).toHaveLength(2));
    const [atLimit, above] = items();
    expect(within(atLimit!).queryByText('HOT')).not.toBeInTheDocument();
    expect(within(atLimit!).queryByText('급상승')).not.toBeInTheDocument();
    expect(atLimit!.querySelector('.badge--hot, .badge--rising')).toBeNull();
    expect(within(above!).getByText('HOT')).toHaveClass('badge--hot');
    expect(within(above!).getByText('급상승')).toHaveClass('badge--rising');
  });

  it('falls back to the default image when an item image fails', async () => {
    open();
    await waitFor(() => expect(items()).toHaveLength(2));
    // The photo is decorative (alt=""), so it has no role to find it by; the default image that replaces it has one.
    fireEvent.error(items()[0]!.querySelector('img')!);
    expect(items()[0]!.querySelector('img')).toBeNull();
    expect(within(items()[0]!).getByRole('img', { name: '블록체인 기본 이미지' })).toHaveClass(
      'default-image',
    );
  });

  it('refetches the stats every 30 s only while live is ON, and clears the timer when OFF', async () => {
    open();
    await waitFor(() => expect(items()).toHaveLength(2));
    const statsCalls = () => api.calls('GET', '/api/trending/stats?period=day').length;
    expect(statsCalls()).toBe(1);
    const toggle = screen.getByRole('button', { name: /^실시간 업데이트/ });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAccessibleName('실시간 업데이트 OFF');

    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveTextContent('ON');
    expect(toggle).toHaveAccessibleName('실시간 업데이트 ON');

    api.on('GET', '/api/trending/stats?period=day', { body: stats(121) });
    await act(() => jest.advanceTimersByTimeAsync(29_999));
    expect(statsCalls()).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(statsCalls()).toBe(2);
    expect(statsSummary()).toHaveTextContent('121');
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(statsCalls()).toBe(3);

    await user.click(toggle);
    expect(toggle).toHaveTextContent('OFF');
    await act(() => jest.advanceTimersByTimeAsync(120_000));
    expect(statsCalls()).toBe(3);

    // Leaving the page while live is ON stops the timer too.
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    cleanup();
    await act(() => jest.advanceTimersByTimeAsync(120_000));
    expect(statsCalls()).toBe(3);
  });

  it('refreshes the stats and the current list on demand', async () => {
    open();
    await waitFor(() => expect(items()).toHaveLength(2));
    api.on('GET', '/api/trending/hot-topics?limit=10', {
      body: { articles: [item('h1'), item('h2'), item('h3')] },
    });
    await userEvent.click(screen.getByRole('button', { name: '새로고침' }));
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(api.calls('GET', '/api/trending/stats?period=day')).toHaveLength(2);
  });

  it('shows an error with a retry when a list fails', async () => {
    let fail = true;
    api.on('GET', '/api/trending/hot-topics?limit=10', () =>
      fail
        ? {
            status: 400,
            body: { statusCode: 400, error: 'Bad Request', message: 'limit must be an integer from 1 to 50' },
          }
        : { body: { articles: [item('h9')] } },
    );
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('핫 토픽을 불러오지 못했습니다');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(items()).toHaveLength(1));
  });

  it('shows the not-found page below /trending', async () => {
    open('/trending/unknown');
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});
