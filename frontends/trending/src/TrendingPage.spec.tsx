import type { TrendingArticle, TrendingStatsResponse } from '@pulse/contracts';
import { queryClient } from '@pulse/frontend-ui';
import { act } from 'react';
import App from './App';
import {
  cleanup,
  click,
  type FetchMock,
  fire,
  get,
  installFetch,
  location,
  pageText,
  queryAll,
  render,
  waitFor,
} from '@pulse/frontend-ui/src/testing';

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
  cleanup();
  jest.useRealTimers();
});

const open = (url = '/trending') => render(<App />, url, '/trending/*');
const items = () => queryAll('.trending-item');

describe('trending page', () => {
  it('shows the hot topics (limit 10) linking to /article/{id}, with the stats of the last 24 hours', async () => {
    await open();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(api.calls('GET', '/api/trending/hot-topics?limit=10')).toHaveLength(1);
    expect(api.calls('GET', '/api/trending/stats?period=day')).toHaveLength(1);
    expect(get('a', '트렌딩 h1').getAttribute('href')).toBe('/article/h1');
    expect(get('[data-testid="stats-summary"]').textContent).toContain('98,765');
    expect(get('[role="tab"][aria-selected="true"]').textContent).toBe('핫 토픽');
  });

  it('switches tabs: popular with period and type, rising with its empty message, overview from the stats', async () => {
    await open();
    await waitFor(() => expect(items()).toHaveLength(2));

    await click(get('[role="group"][aria-label="기간"] button', '7일'));
    await click(get('[role="group"][aria-label="유형"] button', '분석'));
    await click(get('[role="tab"]', '인기'));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(api.calls('GET', '/api/trending/popular?period=week&limit=10&type=analysis')).toHaveLength(1);
    expect(api.calls('GET', '/api/trending/stats?period=week')).toHaveLength(1);
    expect(get('button[aria-pressed="true"]', '7일')).toBeTruthy();
    expect(location()).toBe('/trending?period=week&type=analysis&tab=popular');

    await click(get('[role="tab"]', '급상승'));
    await waitFor(() =>
      expect(pageText()).toContain('현재 급상승 중인 콘텐츠가 없습니다. 잠시 후 다시 확인해주세요.'),
    );
    expect(api.calls('GET', '/api/trending/rising?limit=10')).toHaveLength(1);

    await click(get('[role="tab"]', '개요'));
    expect(get('[role="tabpanel"]').getAttribute('aria-labelledby')).toBe('trending-tab-overview');
    expect(pageText()).toContain('일별 게시 추이');
    expect([...get('table').querySelectorAll('tbody tr')].map((tr) => tr.textContent)).toEqual([
      '03/034',
      '03/048',
    ]);
    expect(pageText()).toContain('42.3');
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
    await open();
    await waitFor(() => expect(items()).toHaveLength(2));
    const [atLimit, above] = items();
    expect(atLimit.querySelector('.badge--hot')).toBeNull();
    expect(atLimit.querySelector('.badge--rising')).toBeNull();
    expect(above.querySelector('.badge--hot')?.textContent).toBe('HOT');
    expect(above.querySelector('.badge--rising')?.textContent).toBe('급상승');
  });

  it('falls back to the default image when an item image fails', async () => {
    await open();
    await waitFor(() => expect(items()).toHaveLength(2));
    await fire(items()[0].querySelector('img')!, 'error');
    expect(items()[0].querySelector('img')).toBeNull();
    expect(items()[0].querySelector('.default-image[role="img"]')).not.toBeNull();
  });

  it('refetches the stats every 30 s only while live is ON, and clears the timer when OFF', async () => {
    await open();
    await waitFor(() => expect(items()).toHaveLength(2));
    const statsCalls = () => api.calls('GET', '/api/trending/stats?period=day').length;
    expect(statsCalls()).toBe(1);
    const toggle = get('button', '실시간 업데이트');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    jest.useFakeTimers();
    await click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.textContent).toContain('ON');

    api.on('GET', '/api/trending/stats?period=day', { body: stats(121) });
    await act(() => jest.advanceTimersByTimeAsync(29_999));
    expect(statsCalls()).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(statsCalls()).toBe(2);
    expect(get('[data-testid="stats-summary"]').textContent).toContain('121');
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(statsCalls()).toBe(3);

    await click(toggle);
    expect(toggle.textContent).toContain('OFF');
    await act(() => jest.advanceTimersByTimeAsync(120_000));
    expect(statsCalls()).toBe(3);

    // Leaving the page while live is ON stops the timer too.
    await click(toggle);
    cleanup();
    await act(() => jest.advanceTimersByTimeAsync(120_000));
    expect(statsCalls()).toBe(3);
  });

  it('refreshes the stats and the current list on demand', async () => {
    await open();
    await waitFor(() => expect(items()).toHaveLength(2));
    api.on('GET', '/api/trending/hot-topics?limit=10', {
      body: { articles: [item('h1'), item('h2'), item('h3')] },
    });
    await click(get('button', '새로고침'));
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
    await open();
    await waitFor(() => expect(get('[role="alert"]').textContent).toContain('핫 토픽을 불러오지 못했습니다'));
    fail = false;
    await click(get('button', '다시 시도'));
    await waitFor(() => expect(items()).toHaveLength(1));
  });

  it('shows the not-found page below /trending', async () => {
    await open('/trending/unknown');
    expect(pageText()).toContain('404 Page Not Found');
  });
});
