import { PageHeadContext, useApiQueryClient } from '@pulse/frontend-ui';
import {
  lazy,
  Suspense,
  useCallback,
  useContext,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { useLocation } from 'react-router';
import type { RemoteName } from '../config/remotes';
import { REMOTE } from '../copy';
import { loadRemoteApp, resetRemote } from './federation';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteFallback } from './RemoteFallback';
import { RemoteRetryContext } from './remote-retry-context';
import { ServerRemotesContext } from './server-remotes';

type RemoteComponent = ComponentType<Record<string, unknown>>;
type RemoteApp = LazyExoticComponent<RemoteComponent> | RemoteComponent;

// One lazy component per remote for the page's lifetime, so moving between routes of the same remote
// (/news → /insights) does not suspend again. A retry replaces it.
const remoteApps = new Map<RemoteName, RemoteApp>();

function remoteApp(name: RemoteName): RemoteApp {
  let app = remoteApps.get(name);
  if (!app) {
    app = lazy(() => loadRemoteApp(name));
    remoteApps.set(name, app);
  }
  return app;
}

/**
 * Loads a remote's App ahead, with what it renders lazily at `pathname` (its `preload`), so it then renders
 * without suspending: the browser does it before hydrating a server-rendered remote page (bootstrap.tsx),
 * which hydrates in one pass like the shell's own lazy pages (preloadable-page.tsx) instead of leaving the
 * remote's part dehydrated behind its loading chunk. False when the remote could not be loaded: the page
 * then shows the fallback, which is not what the server rendered.
 */
export async function preloadRemoteApp(name: RemoteName, pathname: string): Promise<boolean> {
  const module = await loadRemoteApp(name);
  // Not loadable in this browser (remote-fallback-plugin.ts): its page is not the server's markup.
  if (module.default === RemoteFallback) return false;
  await module.preload?.(pathname);
  remoteApps.set(name, module.default);
  return true;
}

interface Props {
  remote: RemoteName;
  /** Passed to the remote's App, e.g. which section of the news remote to show. */
  appProps?: Record<string, unknown>;
}

/**
 * Mounts a remote's App under the current route, with a loading state and a fallback with retry. In a
 * server render it is the remote's server module the render was given, with the request's query client
 * and the render's head sink (the remote's pages name the document's head and status);
 * the boundaries around it are the same on both sides, so the browser hydrates the server's markup.
 */
export function RemoteRoute({ remote, appProps }: Props) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const server = useContext(ServerRemotesContext)[remote];
  const queryClient = useApiQueryClient();
  const pageHead = useContext(PageHeadContext);
  const retry = useCallback(() => {
    remoteApps.delete(remote);
    resetRemote(remote);
    setAttempt((n) => n + 1);
  }, [remote]);
  const App = server ? undefined : remoteApp(remote);
  return (
    <RemoteRetryContext.Provider value={retry}>
      <RemoteErrorBoundary key={attempt} resetKey={pathname} fallback={<RemoteFallback />}>
        <Suspense fallback={<p role="status">{REMOTE.loading}</p>}>
          {server ? (
            <server.ServerApp queryClient={queryClient} appProps={appProps} pageHead={pageHead} />
          ) : (
            App && <App {...appProps} />
          )}
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteRetryContext.Provider>
  );
}
