import { lazy, Suspense, useCallback, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteName } from '../config/remotes';
import { REMOTE } from '../copy';
import { loadRemoteApp, resetRemote } from './federation';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteFallback } from './RemoteFallback';
import { RemoteRetryContext } from './remote-retry-context';

type RemoteApp = LazyExoticComponent<ComponentType<Record<string, unknown>>>;

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

interface Props {
  remote: RemoteName;
  /** Passed to the remote's App, e.g. which section of the news remote to show. */
  appProps?: Record<string, unknown>;
}

/** Mounts a remote's App under the current route, with a loading state and a fallback with retry. */
export function RemoteRoute({ remote, appProps }: Props) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    remoteApps.delete(remote);
    resetRemote(remote);
    setAttempt((n) => n + 1);
  }, [remote]);
  const App = remoteApp(remote);
  return (
    <RemoteRetryContext.Provider value={retry}>
      <RemoteErrorBoundary key={attempt} resetKey={pathname} fallback={<RemoteFallback />}>
        <Suspense fallback={<p role="status">{REMOTE.loading}</p>}>
          <App {...appProps} />
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteRetryContext.Provider>
  );
}
