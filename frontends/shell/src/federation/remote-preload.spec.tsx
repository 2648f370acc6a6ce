import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { preloadPage } from '../App';
import type { RemoteAppModule } from './federation';
import { mountOf } from './remote-mounts';
import { RemoteFallback } from './RemoteFallback';
import { RemoteRoute } from './RemoteRoute';

// The federation runtime needs a browser; here each remote's `./App` is what a test says it is.
const modules = new Map<string, RemoteAppModule>();
jest.mock('./federation', () => ({
  loadRemoteApp: (name: string) => Promise.resolve(modules.get(name)),
  resetRemote: () => undefined,
}));

describe('preloading a remote before hydrating its server-rendered page', () => {
  it('finds the mount of a path, the remote’s own subpaths included', () => {
    expect(mountOf('/trending')?.remote).toBe('trending');
    expect(mountOf('/tech-analysis/some-slug')?.remote).toBe('tech_analysis');
    expect(mountOf('/trendingx')).toBeUndefined();
    expect(mountOf('/')).toBeUndefined();
  });

  it('loads the App and what it renders lazily at the path, then renders it without suspending', async () => {
    const preloaded: string[] = [];
    modules.set('tech_analysis', {
      default: () => <h1>기술 분석</h1>,
      preload: (pathname) => Promise.resolve(void preloaded.push(pathname)),
    });
    await expect(preloadPage('/tech-analysis/some-slug')).resolves.toBe(true);
    expect(preloaded).toEqual(['/tech-analysis/some-slug']);
    render(
      <MemoryRouter initialEntries={['/tech-analysis/some-slug']}>
        <RemoteRoute remote="tech_analysis" />
      </MemoryRouter>,
    );
    // In the first render, as hydration needs it: no loading state in between.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('기술 분석');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says a page whose remote could not be loaded will not render as the server did', async () => {
    modules.set('trending', { default: RemoteFallback });
    await expect(preloadPage('/trending')).resolves.toBe(false);
    modules.delete('trending');
    await expect(preloadPage('/trending')).resolves.toBe(false);
  });
});
