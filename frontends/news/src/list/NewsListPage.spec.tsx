import { queryClient } from '@pulse/frontend-ui';
import App from '../App';
import {
  FakeIntersectionObserver,
  type FetchMock,
  installFetch,
  location,
  renderAt,
} from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listItems } from '../../testing/fixtures';

const page = (prefix: string, count: number, hasMore: boolean) => ({
  body: { articles: listItems(prefix, count), pagination: { hasMore } },
});

let api: FetchMock;
beforeEach(() => {
  queryClient.clear();
  FakeIntersectionObserver.install();
  api = installFetch();
});
const renderNews = (url = '/news') => renderAt(<App section="news" />, url, '/news/*');
const cards = () => screen.queryAllByRole('article');
const selectedTab = () => screen.getByRole('tab', { selected: true });
const sentinel = () => screen.queryByTestId('end-sentinel');

describe('news list', () => {
  it('shows the first 12 articles as cards linking to /news/{id}', async () => {
    api.on('GET', '/api/content/news?limit=12&offset=0', page('n', 12, true));
    renderNews();
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(within(cards()[0]!).getAllByRole('link', { name: /기사 n1/ })[0]).toHaveAttribute(
      'href',
      '/news/n1',
    );
    expect(selectedTab().textContent).toBe('전체 뉴스');
  });

  it('loads the next page when 10 % of the end sentinel shows, and says when all news was seen', async () => {
    api
      .on('GET', '/api/content/news?limit=12&offset=0', page('n', 12, true))
      .on('GET', '/api/content/news?limit=12&offset=12', page('m', 5, false));
    renderNews();
    await waitFor(() => expect(cards()).toHaveLength(12));

    const observer = FakeIntersectionObserver.watching(sentinel()!);
    expect(observer.options.threshold).toBe(0.1);
    expect(document.body).not.toHaveTextContent('모든 뉴스를 확인했습니다');
    await observer.show(0.1);

    await waitFor(() => expect(cards()).toHaveLength(17));
    expect(api.calls('GET', '/api/content/news?limit=12&offset=12')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('모든 뉴스를 확인했습니다');
    expect(sentinel()).not.toBeInTheDocument();
  });

  it('does not ask for the next page while the sentinel is out of view', async () => {
    api.on('GET', '/api/content/news?limit=12&offset=0', page('n', 12, true));
    renderNews();
    await waitFor(() => expect(cards()).toHaveLength(12));
    await FakeIntersectionObserver.watching(sentinel()!).show(0);
    expect(api.calls('GET', /offset=12/)).toHaveLength(0);
  });

  it('switches to the hot tab, which asks for hot=true from the start and keeps the tab in the URL', async () => {
    api
      .on('GET', '/api/content/news?limit=12&offset=0', page('n', 12, true))
      .on('GET', '/api/content/news?limit=12&offset=0&hot=true', page('h', 2, false));
    renderNews();
    await waitFor(() => expect(cards()).toHaveLength(12));

    await userEvent.click(screen.getByRole('tab', { name: '핫 토픽' }));

    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(cards()[0]!).getAllByRole('link', { name: /기사 h1/ })[0]).toHaveAttribute(
      'href',
      '/news/h1',
    );
    expect(selectedTab().textContent).toBe('핫 토픽');
    expect(screen.getByRole('tabpanel', { name: '핫 토픽' })).toHaveAttribute(
      'aria-labelledby',
      'news-tab-hot',
    );
    expect(location()).toBe('/news?tab=hot');
    expect(screen.getByRole('status')).toHaveTextContent('모든 핫 토픽을 확인했습니다');
  });

  it('moves between tabs with the arrow keys', async () => {
    api.on('GET', /\/api\/content\/news/, page('n', 1, false));
    const user = userEvent.setup();
    renderNews();
    const all = screen.getByRole('tab', { name: '전체 뉴스' });
    expect(all).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: '핫 토픽' })).toHaveAttribute('tabindex', '-1');
    await waitFor(() => expect(cards()).toHaveLength(1));
    all.focus();
    await user.keyboard('{ArrowRight}');
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
    renderNews();
    expect(await screen.findByRole('alert')).toHaveTextContent('offset must be an integer ≥ 0');

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when there is no news yet', async () => {
    api.on('GET', '/api/content/news?limit=12&offset=0', page('n', 0, false));
    renderNews();
    expect(await screen.findByText(/아직 게시된 뉴스가 없습니다\./)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('모든 뉴스를 확인했습니다');
  });
});
