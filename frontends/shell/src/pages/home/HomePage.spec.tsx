import { deferred, errorResponse, installFetch, renderAt } from '@pulse/frontend-ui/testing';
import { queryClient } from '@pulse/frontend-ui';
import { screen, waitFor, within } from '@testing-library/react';
import { listItems } from '../../../testing/fixtures';
import { HomePage } from './HomePage';

beforeEach(() => queryClient.clear());

const latest = () => screen.getByRole('region', { name: '최신 뉴스' });
const hot = () => screen.getByRole('region', { name: '핫 토픽' });
const cards = () => within(latest()).queryAllByRole('article');

describe('HomePage', () => {
  it('shows 12 skeletons, then the 12 latest cards linking to /news/{id} with staggered entrance', async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    const api = installFetch()
      .on('GET', '/api/content/news?limit=12&offset=0', () => reply.promise)
      .on('GET', '/api/trending/hot-topics?limit=6', { body: { articles: listItems(6, 'h') } });
    renderAt(<HomePage />);
    expect(latest()).toHaveAttribute('aria-busy', 'true');
    expect(latest().querySelectorAll('.article-card--skeleton')).toHaveLength(12);
    expect(api.calls('GET', '/api/content/news')).toHaveLength(1);

    reply.resolve({ status: 200, body: { articles: listItems(12), pagination: { hasMore: true } } });
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(cards().every((card) => card.classList.contains('article-card'))).toBe(true);
    expect(within(cards()[0]!).getAllByRole('link')[0]).toHaveAttribute('href', '/news/n1');
    expect(cards().map((c) => c.getAttribute('data-enter-step'))).toEqual([
      null,
      ...Array.from({ length: 11 }, (_, i) => String(i + 1)),
    ]);
    const loading = cards().map((c) => c.querySelector('img')!.getAttribute('loading'));
    expect(loading).toEqual([...Array(4).fill('eager'), ...Array(8).fill('lazy')]);
    expect(within(latest()).getAllByText('HOT')).toHaveLength(1);
    expect(within(latest()).getByText('HOT')).toHaveClass('badge--hot');
  });

  it('fetches 6 hot topics and links each to its article', async () => {
    installFetch()
      .on('GET', '/api/content/news?limit=12&offset=0', {
        body: { articles: [], pagination: { hasMore: false } },
      })
      .on('GET', '/api/trending/hot-topics?limit=6', { body: { articles: listItems(6, 'h') } });
    renderAt(<HomePage />);
    await waitFor(() => expect(within(hot()).getAllByRole('link')).toHaveLength(6));
    expect(within(hot()).getAllByRole('link')[0]).toHaveAttribute('href', '/article/h1');
    expect(latest()).toHaveTextContent('아직 게시된 뉴스가 없습니다');
  });

  it('links a tech analysis among the hot topics to its own page, with its technology', async () => {
    const analysis = {
      kind: 'tech-analysis',
      id: 'ta-1',
      url: '/tech-analysis/kubernetes',
      title: '쿠버네티스 오퍼레이터 분석',
      summary: '',
      technologyName: 'Kubernetes',
      technologyCategory: 'cloud_native',
      imageUrl: null,
      publishedAt: '2026-03-01T00:00:00.000Z',
      updatedAt: '2026-03-01T00:00:00.000Z',
      likesCount: 3,
      sharesCount: 0,
      views: 30,
      hotScore: 12,
      viewsPerHour: 3,
      isHotTopic: false,
    };
    installFetch()
      .on('GET', '/api/content/news?limit=12&offset=0', {
        body: { articles: [], pagination: { hasMore: false } },
      })
      .on('GET', '/api/trending/hot-topics?limit=6', {
        body: { articles: [...listItems(1, 'h'), analysis] },
      });
    renderAt(<HomePage />);
    await waitFor(() => expect(within(hot()).getAllByRole('link')).toHaveLength(2));
    const link = within(hot()).getAllByRole('link')[1]!;
    expect(link).toHaveAttribute('href', '/tech-analysis/kubernetes');
    expect(link.querySelector('.hot-list__meta')).toHaveTextContent('Kubernetes');
  });

  it('has the hero buttons, a button to /news and the newsletter banner', async () => {
    installFetch();
    renderAt(<HomePage />);
    const hero = screen.getByRole('region', { name: 'AI와 블록체인, 빅테크의 흐름을 가장 빠르게' });
    expect(
      within(hero)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/trending', '/news']);
    expect(screen.getByRole('link', { name: '뉴스 더 보기' })).toHaveAttribute('href', '/news');
    expect(screen.getByRole('textbox', { name: /이메일/ })).toHaveAttribute('type', 'email');
    // The unanswered reads settle before the test ends.
    await waitFor(() => expect(latest()).toHaveAttribute('aria-busy', 'false'));
  });

  it('says when the latest news could not be loaded, with a retry', async () => {
    installFetch()
      .on('GET', '/api/content/news?limit=12&offset=0', errorResponse(400, 'limit must be at most 50'))
      .on('GET', '/api/trending/hot-topics?limit=6', { body: { articles: [] } });
    renderAt(<HomePage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('최신 뉴스를 불러오지 못했습니다');
    expect(alert).toHaveTextContent('limit must be at most 50');
    expect(within(alert).getByRole('button').textContent).toBe('다시 시도');
  });
});
