import { NotFound, seedRemoteQueryClient } from '@pulse/frontend-ui';
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AskPage } from './ask/AskPage';
import { QuestionListPage } from './list/QuestionListPage';
import './styles.css';

// A server-rendered list or question page carries its answers; the hydrating render reads them.
seedRemoteQueryClient();

/** The question page, /community/questions/{id}: its own chunk (below). */
export const QUESTION_PAGE = /^\/community\/questions\/[^/]+\/?$/;

// The detail page is its own chunk, loaded when a question is opened, or ahead of hydrating a
// server-rendered one (preload), which then renders without suspending.
let LoadedDetailPage: ComponentType | undefined;
const loadDetailPage = () =>
  import('./detail/QuestionDetailPage').then((module) => {
    LoadedDetailPage = module.default;
    return module;
  });
const LazyDetailPage = lazy(loadDetailPage);
const QuestionDetailPage = () => (LoadedDetailPage ? <LoadedDetailPage /> : <LazyDetailPage />);

/**
 * Loads what the page at `pathname` renders lazily, before the shell hydrates it (the shell's
 * preloadRemoteApp calls it): the detail chunk for a question.
 */
export function preload(pathname: string): Promise<void> {
  return QUESTION_PAGE.test(pathname) ? loadDetailPage().then(() => undefined) : Promise.resolve();
}

/** Mounted by the shell at /community/*; routes are relative to that mount. */
export default function App() {
  // The seed's /community/projects placeholders ('coming soon') are left out: not found, like any path
  // the community has no page for (docs/design.md §11).
  return (
    <Routes>
      <Route path="qa" element={<QuestionListPage />} />
      <Route path="qa/ask" element={<AskPage />} />
      <Route
        path="questions/:id"
        element={
          <Suspense fallback={<section className="page qa-page" aria-busy="true" />}>
            <QuestionDetailPage />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
