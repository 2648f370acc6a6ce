import { NotFound, Placeholder } from '@pulse/frontend-ui';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AskPage } from './ask/AskPage';
import { COPY } from './copy';
import { QuestionListPage } from './list/QuestionListPage';
import './styles.css';

// The detail page is its own chunk, loaded when a question is opened.
const QuestionDetailPage = lazy(() => import('./detail/QuestionDetailPage'));

/** Mounted by the shell at /community/*; routes are relative to that mount. */
export default function App() {
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
      <Route
        path="projects"
        element={<Placeholder title={COPY.projectsTitle} message={COPY.projectsPlaceholder} />}
      />
      <Route
        path="projects/:id"
        element={<Placeholder title={COPY.projectsTitle} message={COPY.projectsPlaceholder} />}
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
