import { queryClient } from '@pulse/frontend-ui';
import { screen, waitFor, within } from '@testing-library/react';
import App from '../App';
import { FakeIntersectionObserver, type FetchMock, installFetch, renderAt } from '@pulse/frontend-ui/testing';
import { listItems } from '../../testing/fixtures';

const insightMeta = { keyInsights: ['첫째', '둘째', '셋째', '넷째'], relatedIndustries: [] };
const page = (prefix: string, count: number, hasMore: boolean) => ({
  body: { articles: listItems(prefix, count, { type: 'insight', insightMeta }), pagination: { hasMore } },
});

let api: FetchMock;
beforeEach(() => {
  queryClient.clear();
  FakeIntersectionObserver.install();
  api = installFetch();
});

const cards = () => screen.queryAllByRole('article');
const keyInsightsOf = (card: HTMLElement) =>
  [...card.querySelectorAll<HTMLElement>('.insight-card__insights li')].map((li) => li.textContent);

describe('insights list', () => {
  it('features the first card (3 key insights, full width) and gives the others 2', async () => {
    api.on('GET', '/api/content/insights?limit=6&offset=0', page('i', 6, true));
    renderAt(<App section="insights" />, '/insights', '/insights/*');
    await waitFor(() => expect(cards()).toHaveLength(6));

    const [featured, second] = cards();
    expect(featured).toHaveAttribute('data-testid', 'featured-insight');
    expect(featured).toHaveClass('insight-card--wide');
    expect(keyInsightsOf(featured!)).toEqual(['첫째', '둘째', '셋째']);
    expect(keyInsightsOf(second!)).toEqual(['첫째', '둘째']);
    expect(second).not.toHaveClass('insight-card--featured');
    expect(within(second!).getAllByRole('link', { name: /기사 i2/ })[0]).toHaveAttribute(
      'href',
      '/insights/i2',
    );
  });

  it('stops spanning the full width once a second page is loaded, and ends with "all insights checked"', async () => {
    api
      .on('GET', '/api/content/insights?limit=6&offset=0', page('i', 6, true))
      .on('GET', '/api/content/insights?limit=6&offset=6', page('j', 2, false));
    renderAt(<App section="insights" />, '/insights', '/insights/*');
    await waitFor(() => expect(cards()).toHaveLength(6));

    await FakeIntersectionObserver.watching(screen.getByTestId('end-sentinel')).show(0.1);

    await waitFor(() => expect(cards()).toHaveLength(8));
    const featured = screen.getByTestId('featured-insight');
    expect(featured).not.toHaveClass('insight-card--wide');
    expect(keyInsightsOf(featured)).toHaveLength(3);
    expect(screen.getByText(/모든 인사이트를 확인했습니다/)).toBeInTheDocument();
  });
});
