import { NotFound, seedRemoteQueryClient } from '@pulse/frontend-ui';
import { Route, Routes } from 'react-router';
import { TrendingPage } from './TrendingPage';
import './styles.css';

// A server-rendered /trending carries this page's answers; the hydrating render reads them.
seedRemoteQueryClient();

/** Mounted by the shell at /trending/*; routes are relative to that mount. */
export default function App() {
  return (
    <Routes>
      <Route index element={<TrendingPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
