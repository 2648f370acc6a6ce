import { NotFound } from '@pulse/frontend-ui';
import { Route, Routes } from 'react-router-dom';
import { REMOTE_MOUNTS } from './federation/remote-mounts';
import { RemoteRoute } from './federation/RemoteRoute';
import { Layout } from './layout/Layout';
import { HomePage } from './pages/HomePage';

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        {REMOTE_MOUNTS.map(({ path, remote, appProps }) => (
          // Keyed by remote: switching remotes gets a fresh error state, switching sections of one does not.
          <Route
            key={path}
            path={path}
            element={<RemoteRoute key={remote} remote={remote} appProps={appProps} />}
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
