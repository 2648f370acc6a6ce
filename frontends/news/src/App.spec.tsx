import { queryClient } from '@pulse/frontend-ui';
import { screen } from '@testing-library/react';
import App from './App';
import { FakeIntersectionObserver, installFetch, location, renderAt } from '@pulse/frontend-ui/testing';

// Mounted as the shell mounts it (appProps.section per mount), so the relative routes meet real URLs.
beforeEach(() => {
  queryClient.clear();
  FakeIntersectionObserver.install();
  installFetch().on('GET', /^\/api\/content\//, { body: { articles: [], pagination: { hasMore: false } } });
});

describe('news remote routes', () => {
  it.each([
    ['news', '/news', '뉴스'],
    ['insights', '/insights', '인사이트'],
  ])('the %s section lists at %s', async (section, url, heading) => {
    renderAt(<App section={section} />, url, `/${section}/*`);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(heading);
  });

  it('sends /analysis to the tech-analysis list, where analyses are listed', () => {
    renderAt(<App section="analysis" />, '/analysis', '/analysis/*');
    expect(location()).toBe('/tech-analysis');
  });

  it('shows the not-found page for a path deeper than an article', async () => {
    renderAt(<App section="news" />, '/news/abc123/extra', '/news/*');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('falls back to the news section when the shell passes no known section', async () => {
    renderAt(<App section="bogus" />, '/x', '/x/*');
    expect(await screen.findByRole('tablist')).toHaveTextContent('전체 뉴스');
  });
});
