import { queryClient } from '@pulse/frontend-ui';
import App from '../App';
import {
  cleanup,
  FakeIntersectionObserver,
  type FetchMock,
  get,
  installFetch,
  pageText,
  queryAll,
  render,
  waitFor,
} from '@pulse/frontend-ui/src/testing';
import { listItems } from '../test/fixtures';

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
afterEach(cleanup);

const keyInsightsOf = (card: HTMLElement) =>
  [...card.querySelectorAll('.insight-card__insights li')].map((li) => li.textContent);

describe('insights list', () => {
  it('features the first card (3 key insights, full width) and gives the others 2', async () => {
    api.on('GET', '/api/content/insights?limit=6&offset=0', page('i', 6, true));
    await render(<App section="insights" />, '/insights', '/insights/*');
    await waitFor(() => expect(queryAll('article')).toHaveLength(6));

    const [featured, second] = queryAll('article');
    expect(featured.getAttribute('data-testid')).toBe('featured-insight');
    expect(featured.className).toContain('insight-card--wide');
    expect(keyInsightsOf(featured)).toEqual(['첫째', '둘째', '셋째']);
    expect(keyInsightsOf(second)).toEqual(['첫째', '둘째']);
    expect(second.className).not.toContain('insight-card--featured');
    expect(get('a', '기사 i2').getAttribute('href')).toBe('/insights/i2');
  });

  it('stops spanning the full width once a second page is loaded, and ends with "all insights checked"', async () => {
    api
      .on('GET', '/api/content/insights?limit=6&offset=0', page('i', 6, true))
      .on('GET', '/api/content/insights?limit=6&offset=6', page('j', 2, false));
    await render(<App section="insights" />, '/insights', '/insights/*');
    await waitFor(() => expect(queryAll('article')).toHaveLength(6));

    await FakeIntersectionObserver.watching('[data-testid="end-sentinel"]').show(0.1);

    await waitFor(() => expect(queryAll('article')).toHaveLength(8));
    const featured = get('[data-testid="featured-insight"]');
    expect(featured.className).not.toContain('insight-card--wide');
    expect(keyInsightsOf(featured)).toHaveLength(3);
    expect(pageText()).toContain('모든 인사이트를 확인했습니다');
  });
});
