import { queryClient } from '@pulse/frontend-ui';
import App from './App';
import {
  cleanup,
  FakeIntersectionObserver,
  get,
  installFetch,
  location,
  pageText,
  render,
} from '@pulse/frontend-ui/src/testing';

// Mounted as the shell mounts it (appProps.section per mount), so the relative routes meet real URLs.
beforeEach(() => {
  queryClient.clear();
  FakeIntersectionObserver.install();
  installFetch().on('GET', /^\/api\/content\//, { body: { articles: [], pagination: { hasMore: false } } });
});
afterEach(cleanup);

describe('news remote routes', () => {
  it.each([
    ['news', '/news', '뉴스'],
    ['insights', '/insights', '인사이트'],
  ])('the %s section lists at %s', async (section, url, heading) => {
    await render(<App section={section} />, url, `/${section}/*`);
    expect(get('h1').textContent).toBe(heading);
  });

  it('sends /analysis to the tech-analysis list, where analyses are listed', async () => {
    await render(<App section="analysis" />, '/analysis', '/analysis/*');
    expect(location()).toBe('/tech-analysis');
  });

  it('shows the not-found page for a path deeper than an article', async () => {
    await render(<App section="news" />, '/news/abc123/extra', '/news/*');
    expect(pageText()).toContain('404 Page Not Found');
  });

  it('falls back to the news section when the shell passes no known section', async () => {
    await render(<App section="bogus" />, '/x', '/x/*');
    expect(get('[role="tablist"]').textContent).toContain('전체 뉴스');
  });
});
