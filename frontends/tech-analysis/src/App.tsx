import { NotFound } from '@pulse/frontend-ui';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { DetailSkeleton } from './detail/DetailStates';
import { TechAnalysisListPage } from './list/TechAnalysisListPage';
import './styles.css';

// The detail page (tabs, highlighter) is its own chunk, loaded when an analysis is opened.
const TechAnalysisDetailPage = lazy(() => import('./detail/TechAnalysisDetailPage'));

/** Mounted by the shell at /tech-analysis/*; routes are relative to that mount. */
export default function App() {
  return (
    <Routes>
      <Route index element={<TechAnalysisListPage />} />
      <Route
        path=":slug"
        element={
          <Suspense fallback={<DetailSkeleton />}>
            <TechAnalysisDetailPage />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
