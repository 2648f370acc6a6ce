import { NotFound, seedRemoteQueryClient } from '@pulse/frontend-ui';
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { DetailSkeleton } from './detail/DetailStates';
import { TechAnalysisListPage } from './list/TechAnalysisListPage';
import './styles.css';

// A server-rendered /tech-analysis page carries its answers; the hydrating render reads them.
seedRemoteQueryClient();

// The detail page (tabs, highlighter) is its own chunk, loaded when an analysis is opened, or ahead of
// hydrating a server-rendered one (preload), which then renders without suspending.
let LoadedDetailPage: ComponentType | undefined;
const loadDetailPage = () =>
  import('./detail/TechAnalysisDetailPage').then((module) => {
    LoadedDetailPage = module.default;
    return module;
  });
const LazyDetailPage = lazy(loadDetailPage);
const DetailPage = () => (LoadedDetailPage ? <LoadedDetailPage /> : <LazyDetailPage />);

/**
 * Loads what the page at `pathname` renders lazily, before the shell hydrates it (the shell's
 * preloadRemoteApp calls it): the detail chunk for /tech-analysis/{slug}.
 */
export function preload(pathname: string): Promise<void> {
  return /^\/tech-analysis\/[^/]+\/?$/.test(pathname)
    ? loadDetailPage().then(() => undefined)
    : Promise.resolve();
}

/** Mounted by the shell at /tech-analysis/*; routes are relative to that mount. */
export default function App() {
  return (
    <Routes>
      <Route index element={<TechAnalysisListPage />} />
      <Route
        path=":slug"
        element={
          <Suspense fallback={<DetailSkeleton />}>
            <DetailPage />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
