import {
  cleanup,
  errorResponse,
  get,
  installFetch,
  pageText,
  queryAll,
  render,
  waitFor,
} from '@pulse/frontend-ui/src/testing';
import type { SourceWithFreshness } from '@pulse/contracts';
import { queryClient } from '@pulse/frontend-ui';
import { act } from 'react';
import { CAROUSEL_INTERVAL_MS, carouselSources, LIVE_TICK_MS } from './source-carousel';
import SourcesPage from './SourcesPage';

beforeEach(() => queryClient.clear());
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

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
    await render(<SourcesPage />, '/sources');
    await waitFor(() => expect(queryAll('.source-card')).toHaveLength(8));
    expect(
      queryAll('.source-card .badge')
        .slice(0, 3)
        .map((b) => b.textContent),
    ).toEqual(['RSS', 'API', '스크래핑']);
    const link = get('.source-card a');
    expect(link.getAttribute('href')).toBe('https://source1.example/feed');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(get('.source-card [aria-label="기사 10건"]')).toBeTruthy();
  });

  it('shows each source’s median time to Korean this week, and nothing for a source without one', async () => {
    installFetch().on('GET', '/api/sources', { body: { sources } });
    await render(<SourcesPage />, '/sources');
    await waitFor(() => expect(queryAll('.source-card')).toHaveLength(8));
    const cards = queryAll('.source-grid .source-card');
    const median = (card: Element) => card.querySelector('[data-testid="source-freshness"]')?.textContent;
    expect(median(cards[0])).toBe('지난 7일 중앙값: 원문 공개 후 25분 만에 한국어로');
    expect(median(cards[1])).toBe('지난 7일 중앙값: 원문 공개 후 3시간 만에 한국어로');
    expect(median(cards[2])).toBeUndefined();
  });

  it('rotates a carousel of the six biggest sources every 2 s', async () => {
    jest.useFakeTimers();
    installFetch().on('GET', '/api/sources', { body: { sources } });
    await render(<SourcesPage />, '/sources');
    await act(async () => jest.advanceTimersByTimeAsync(0));
    const visible = () =>
      queryAll('.source-carousel__slide')
        .filter((s) => !s.hidden)
        .map((s) => s.querySelector('.source-carousel__name')!.textContent);
    expect(queryAll('.source-carousel__slide')).toHaveLength(6);
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
    await render(<SourcesPage />, '/sources');
    await act(async () => jest.advanceTimersByTimeAsync(0));
    expect(get('[data-testid="live-indicator"]').textContent).toContain('마지막 확인 10:00:00');
    await act(async () => jest.advanceTimersByTimeAsync(LIVE_TICK_MS));
    expect(get('[data-testid="live-indicator"]').textContent).toContain('마지막 확인 10:00:30');
    expect(api.calls('GET', '/api/sources')).toHaveLength(2);
  });

  it("says 'no registered sources' and 'Data loading error' in Korean", async () => {
    installFetch().on('GET', '/api/sources', { body: { sources: [] } });
    await render(<SourcesPage />, '/sources');
    await waitFor(() => expect(pageText()).toContain('등록된 소스가 없습니다'));

    queryClient.clear();
    installFetch().on('GET', '/api/sources', errorResponse(404, 'Not Found'));
    await render(<SourcesPage />, '/sources');
    await waitFor(() => expect(get('[role="alert"]').textContent).toContain('데이터 로딩 오류'));
  });
});
