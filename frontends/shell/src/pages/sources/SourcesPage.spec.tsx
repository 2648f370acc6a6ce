import { errorResponse, installFetch, renderAt } from '@pulse/frontend-ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { SourceWithFreshness } from '@pulse/contracts';
import { queryClient } from '@pulse/frontend-ui';
import { CAROUSEL_INTERVAL_MS, carouselSources, LIVE_TICK_MS } from './source-carousel';
import SourcesPage from './SourcesPage';

beforeEach(() => queryClient.clear());
afterEach(() => {
  jest.useRealTimers();
});

// The source cards are the items of the grid, the list after the carousel's.
const grid = () => screen.getAllByRole('list').find((list) => list.classList.contains('source-grid'))!;
const cards = () => within(grid()).getAllByRole('listitem');
const carousel = () => screen.getByRole('region', { name: '주요 소스' });

const source = (i: number, type: SourceWithFreshness['sourceType'] = 'rss'): SourceWithFreshness => ({
  id: `s${i}`,
  name: `소스 ${i}`,
  description: `설명 ${i}`,
  sourceType: type,
  url: `https://source${i}.example/feed`,
  imageUrl: null,
  count: i * 10,
  // s1: 25 minutes, s2: 3 hours (190 min), s3 and the rest: no story this week.
  medianMinutesToKorean: i === 1 ? 25 : i === 2 ? 190 : null,
  // s1: polled about every 15 minutes, s2 every hour (its hub pushes); s3 and the rest: not said.
  pollIntervalSeconds: i === 1 ? 900 : i === 2 ? 3600 : null,
  websub: websubOf[i] ?? null,
});
// s2: a live subscription; s1: requested, not verified; s4: a lease that has ended.
const websubOf: Record<number, SourceWithFreshness['websub']> = {
  1: { state: 'pending', leaseExpiresAt: null },
  2: { state: 'subscribed', leaseExpiresAt: '2999-01-01T00:00:00.000Z' },
  4: { state: 'subscribed', leaseExpiresAt: '2020-01-01T00:00:00.000Z' },
};
const sources = [
  source(1, 'rss'),
  source(2, 'api'),
  source(3, 'scrape'),
  ...[4, 5, 6, 7, 8].map((i) => source(i)),
];

describe('SourcesPage', () => {
  it('shows a card per source with its type badge, link and article count', async () => {
    installFetch().on('GET', '/api/sources', { body: { sources } });
    renderAt(<SourcesPage />, '/sources');
    await waitFor(() => expect(cards()).toHaveLength(8));
    expect(cards().every((card) => card.classList.contains('source-card'))).toBe(true);
    expect(
      cards()
        .slice(0, 3)
        .map((card) => card.querySelector('.badge')?.textContent),
    ).toEqual(['RSS', 'API', '스크래핑']);
    const link = within(cards()[0]!).getByRole('link');
    expect(link).toHaveAttribute('href', 'https://source1.example/feed');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(cards()[0]!).getByLabelText('기사 10건')).toBeInTheDocument();
  });

  it('shows each source’s median time to Korean this week, and nothing for a source without one', async () => {
    installFetch().on('GET', '/api/sources', { body: { sources } });
    renderAt(<SourcesPage />, '/sources');
    await waitFor(() => expect(cards()).toHaveLength(8));
    const median = (card: HTMLElement) => within(card).queryByTestId('source-freshness')?.textContent;
    expect(median(cards()[0]!)).toBe('지난 7일 중앙값: 원문 공개 후 25분 만에 한국어로');
    expect(median(cards()[1]!)).toBe('지난 7일 중앙값: 원문 공개 후 3시간 만에 한국어로');
    expect(median(cards()[2]!)).toBeUndefined();
  });

  it('says how often each source is checked and when WebSub pushes it, and nothing when unknown', async () => {
    installFetch().on('GET', '/api/sources', { body: { sources } });
    renderAt(<SourcesPage />, '/sources');
    await waitFor(() => expect(cards()).toHaveLength(8));
    const [s1, s2, s3, s4] = cards();
    expect(s1).toHaveTextContent('약 15분마다 확인');
    expect(within(s1!).getByText('15분')).toHaveAttribute('datetime', 'PT15M');
    expect(s2).toHaveTextContent('약 1시간마다 확인');
    expect(within(s2!).getByText('실시간 알림(WebSub) 구독 중')).toBeInTheDocument();
    // Not polled yet (or not said): no interval is made up.
    expect(s3).not.toHaveTextContent('마다 확인');
    // Pending, none, or a lease that has ended: nothing said about WebSub.
    for (const card of [s1, s3, s4]) expect(within(card!).queryByText(/WebSub/)).toBeNull();
  });

  it('shows neither from a server that does not send them', async () => {
    const older = sources.map(({ pollIntervalSeconds: _p, websub: _w, ...rest }) => rest);
    installFetch().on('GET', '/api/sources', { body: { sources: older } });
    renderAt(<SourcesPage />, '/sources');
    await waitFor(() => expect(cards()).toHaveLength(8));
    expect(grid()).not.toHaveTextContent('마다 확인');
    expect(within(grid()).queryByText(/WebSub/)).toBeNull();
  });

  it('rotates a carousel of the six biggest sources every 2 s', async () => {
    jest.useFakeTimers();
    installFetch().on('GET', '/api/sources', { body: { sources } });
    renderAt(<SourcesPage />, '/sources');
    await act(async () => jest.advanceTimersByTimeAsync(0));
    // Hidden slides are out of the accessibility tree: the visible one is the only slide found by default.
    const visible = () =>
      within(carousel())
        .getAllByRole('listitem')
        .map((s) => s.querySelector('.source-carousel__name')!.textContent);
    expect(within(carousel()).getAllByRole('listitem', { hidden: true })).toHaveLength(6);
    expect(within(carousel()).getByRole('listitem')).toHaveAccessibleName('1 / 6: 소스 8');
    expect(visible()).toEqual(['소스 8']);
    await act(async () => jest.advanceTimersByTimeAsync(CAROUSEL_INTERVAL_MS));
    expect(visible()).toEqual(['소스 7']);
    await act(async () => jest.advanceTimersByTimeAsync(CAROUSEL_INTERVAL_MS * 5));
    expect(visible()).toEqual(['소스 8']);
    expect(carouselSources(sources).map((s) => s.id)).toEqual(['s8', 's7', 's6', 's5', 's4', 's3']);
  });

  it('refreshes and ticks the live indicator every 30 s', async () => {
    jest.useFakeTimers({ now: new Date('2024-03-05T01:00:00Z') });
    const api = installFetch().on('GET', '/api/sources', { body: { sources } });
    renderAt(<SourcesPage />, '/sources');
    await act(async () => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('마지막 확인 10:00:00');
    await act(async () => jest.advanceTimersByTimeAsync(LIVE_TICK_MS));
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('마지막 확인 10:00:30');
    expect(api.calls('GET', '/api/sources')).toHaveLength(2);
  });

  it("says 'no registered sources' and 'Data loading error' in Korean", async () => {
    installFetch().on('GET', '/api/sources', { body: { sources: [] } });
    const { unmount } = renderAt(<SourcesPage />, '/sources');
    expect(await screen.findByText(/등록된 소스가 없습니다/)).toBeInTheDocument();

    unmount();
    queryClient.clear();
    installFetch().on('GET', '/api/sources', errorResponse(404, 'Not Found'));
    renderAt(<SourcesPage />, '/sources');
    expect(await screen.findByRole('alert')).toHaveTextContent('데이터 로딩 오류');
  });
});
