import {
  cleanup,
  deferred,
  errorResponse,
  get,
  installFetch,
  queryAll,
  render,
  waitFor,
} from '@pulse/frontend-ui/src/testing';
import { queryClient } from '@pulse/frontend-ui';
import { listItems } from '../../test/fixtures';
import { HomePage } from './HomePage';

beforeEach(() => queryClient.clear());
afterEach(cleanup);

describe('HomePage', () => {
  it('shows 12 skeletons, then the 12 latest cards linking to /news/{id} with staggered entrance', async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    const api = installFetch()
      .on('GET', '/api/content/news?limit=12&offset=0', () => reply.promise)
      .on('GET', '/api/trending/hot-topics?limit=6', { body: { articles: listItems(6, 'h') } });
    await render(<HomePage />);
    expect(queryAll('.article-card--skeleton')).toHaveLength(12);
    expect(api.calls('GET', '/api/content/news')).toHaveLength(1);

    reply.resolve({ status: 200, body: { articles: listItems(12), pagination: { hasMore: true } } });
    await waitFor(() => expect(queryAll('article.article-card')).toHaveLength(12));
    const cards = queryAll('article.article-card');
    expect(cards[0]!.querySelector('a')!.getAttribute('href')).toBe('/news/n1');
    expect(cards.map((c) => c.getAttribute('data-enter-step'))).toEqual([
      null,
      ...Array.from({ length: 11 }, (_, i) => String(i + 1)),
    ]);
    const loading = cards.map((c) => c.querySelector('img')!.getAttribute('loading'));
    expect(loading).toEqual([...Array(4).fill('eager'), ...Array(8).fill('lazy')]);
    expect(queryAll('.article-card .badge--hot')).toHaveLength(1);
  });

  it('fetches 6 hot topics and links each to its article', async () => {
    installFetch()
      .on('GET', '/api/content/news?limit=12&offset=0', {
        body: { articles: [], pagination: { hasMore: false } },
      })
      .on('GET', '/api/trending/hot-topics?limit=6', { body: { articles: listItems(6, 'h') } });
    await render(<HomePage />);
    await waitFor(() => expect(queryAll('.hot-list a')).toHaveLength(6));
    expect(get('.hot-list a').getAttribute('href')).toBe('/article/h1');
    expect(get('.home-section', '최신 뉴스').textContent).toContain('아직 게시된 뉴스가 없습니다');
  });

  it('has the hero buttons, a button to /news and the newsletter banner', async () => {
    installFetch();
    await render(<HomePage />);
    const hrefs = queryAll('.hero a').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/trending', '/news']);
    expect(get('.home__more a').getAttribute('href')).toBe('/news');
    expect(get('.newsletter-banner input[type="email"]')).toBeTruthy();
  });

  it('says when the latest news could not be loaded, with a retry', async () => {
    installFetch()
      .on('GET', '/api/content/news?limit=12&offset=0', errorResponse(400, 'limit must be at most 50'))
      .on('GET', '/api/trending/hot-topics?limit=6', { body: { articles: [] } });
    await render(<HomePage />);
    await waitFor(() =>
      expect(get('[role="alert"]').textContent).toContain('최신 뉴스를 불러오지 못했습니다'),
    );
    expect(get('[role="alert"]').textContent).toContain('limit must be at most 50');
    expect(get('[role="alert"] button').textContent).toBe('다시 시도');
  });
});
