import { queryClient } from '@pulse/frontend-ui';
import App from '../App';
import {
  cleanup,
  click,
  FakeIntersectionObserver,
  type FetchMock,
  get,
  installFetch,
  location,
  pageText,
  queryAll,
  render,
  waitFor,
} from '@pulse/frontend-ui/src/testing';
import { listItems } from '../test/fixtures';

const page = (prefix: string, count: number, hasMore: boolean) => ({
  body: { articles: listItems(prefix, count), pagination: { hasMore } },
});

let api: FetchMock;
beforeEach(() => {
  queryClient.clear();
  FakeIntersectionObserver.install();
  api = installFetch();
});
afterEach(cleanup);

const renderNews = (url = '/news') => render(<App section="news" />, url, '/news/*');

describe('news list', () => {
  it('shows the first 12 articles as cards linking to /news/{id}', async () => {
    api.on('GET', '/api/content/news?limit=12&offset=0', page('n', 12, true));
    await renderNews();
    await waitFor(() => expect(queryAll('article')).toHaveLength(12));
    expect(get('a', '기사 n1').getAttribute('href')).toBe('/news/n1');
    expect(get('[role="tab"][aria-selected="true"]').textContent).toBe('전체 뉴스');
  });

  it('loads the next page when 10 % of the end sentinel shows, and says when all news was seen', async () => {
    api
      .on('GET', '/api/content/news?limit=12&offset=0', page('n', 12, true))
      .on('GET', '/api/content/news?limit=12&offset=12', page('m', 5, false));
    await renderNews();
    await waitFor(() => expect(queryAll('article')).toHaveLength(12));

    const observer = FakeIntersectionObserver.watching('[data-testid="end-sentinel"]');
    expect(observer.options.threshold).toBe(0.1);
    expect(pageText()).not.toContain('모든 뉴스를 확인했습니다');
    await observer.show(0.1);

    await waitFor(() => expect(queryAll('article')).toHaveLength(17));
    expect(api.calls('GET', '/api/content/news?limit=12&offset=12')).toHaveLength(1);
    expect(pageText()).toContain('모든 뉴스를 확인했습니다');
    expect(queryAll('[data-testid="end-sentinel"]')).toHaveLength(0);
  });

  it('does not ask for the next page while the sentinel is out of view', async () => {
    api.on('GET', '/api/content/news?limit=12&offset=0', page('n', 12, true));
    await renderNews();
    await waitFor(() => expect(queryAll('article')).toHaveLength(12));
    await FakeIntersectionObserver.watching('[data-testid="end-sentinel"]').show(0);
    expect(api.calls('GET', /offset=12/)).toHaveLength(0);
  });

  it('switches to the hot tab, which asks for hot=true from the start and keeps the tab in the URL', async () => {
    api
      .on('GET', '/api/content/news?limit=12&offset=0', page('n', 12, true))
      .on('GET', '/api/content/news?limit=12&offset=0&hot=true', page('h', 2, false));
    await renderNews();
    await waitFor(() => expect(queryAll('article')).toHaveLength(12));

    await click(get('[role="tab"]', '핫 토픽'));

    await waitFor(() => expect(queryAll('article')).toHaveLength(2));
    expect(get('a', '기사 h1').getAttribute('href')).toBe('/news/h1');
    expect(get('[role="tab"][aria-selected="true"]').textContent).toBe('핫 토픽');
    expect(get('[role="tabpanel"]').getAttribute('aria-labelledby')).toBe('news-tab-hot');
    expect(location()).toBe('/news?tab=hot');
    expect(pageText()).toContain('모든 핫 토픽을 확인했습니다');
  });

  it('moves between tabs with the arrow keys', async () => {
    api.on('GET', /\/api\/content\/news/, page('n', 1, false));
    await renderNews();
    const all = get('[role="tab"]', '전체 뉴스');
    expect(all.getAttribute('tabindex')).toBe('0');
    expect(get('[role="tab"]', '핫 토픽').getAttribute('tabindex')).toBe('-1');
    await waitFor(() => expect(queryAll('article')).toHaveLength(1));
    const { act } = await import('react');
    await act(async () => {
      const event = new Event('keydown', { bubbles: true, cancelable: true });
      Object.assign(event, { key: 'ArrowRight' });
      all.dispatchEvent(event);
    });
    expect(location()).toBe('/news?tab=hot');
  });

  it('shows the error with a retry that loads the page again', async () => {
    let fail = true;
    api.on('GET', '/api/content/news?limit=12&offset=0', () =>
      fail
        ? {
            status: 400,
            body: { statusCode: 400, error: 'Bad Request', message: 'offset must be an integer ≥ 0' },
          }
        : page('n', 3, false),
    );
    await renderNews();
    await waitFor(() => expect(get('[role="alert"]').textContent).toContain('offset must be an integer ≥ 0'));

    fail = false;
    await click(get('button', '다시 시도'));
    await waitFor(() => expect(queryAll('article')).toHaveLength(3));
    expect(queryAll('[role="alert"]')).toHaveLength(0);
  });

  it('says so when there is no news yet', async () => {
    api.on('GET', '/api/content/news?limit=12&offset=0', page('n', 0, false));
    await renderNews();
    await waitFor(() => expect(pageText()).toContain('아직 게시된 뉴스가 없습니다.'));
    expect(pageText()).not.toContain('모든 뉴스를 확인했습니다');
  });
});
