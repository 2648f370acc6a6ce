import { NotFound, Placeholder, seedRemoteQueryClient, usePageHead } from '@pulse/frontend-ui';
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { AskPage } from './ask/AskPage';
import { COPY } from './copy';
import { QuestionListPage } from './list/QuestionListPage';
import { PAGE_HEADS } from './page-heads';
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

/** docs/spec-community.md §2: /community/projects and its items say the feature is coming. */
function ProjectsPage() {
  usePageHead({ ...PAGE_HEADS.projects, canonical: useLocation().pathname });
  return <Placeholder title={COPY.projectsTitle} message={COPY.projectsPlaceholder} />;
}

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
      <Route path="projects" element={<ProjectsPage />} />
      <Route path="projects/:id" element={<ProjectsPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
