import { errorResponse, installFetch, renderAt } from '@pulse/frontend-ui/src/testing';
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
});
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
