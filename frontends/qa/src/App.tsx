import { NotFound, seedRemoteQueryClient } from '@pulse/frontend-ui';
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import './styles.css';

// A server-rendered list or question page carries its answers; the hydrating render reads them.
seedRemoteQueryClient();

/** The question page, /community/questions/{id}: its own chunk (below). */
export const QUESTION_PAGE = /^\/community\/questions\/[^/]+\/?$/;

/**
 * A page in its own chunk, so that a question's readers do not load the list and the ask form (and the
 * other way round). `load` runs when the page is opened, or ahead of hydrating a server-rendered one
 * (preload), which then renders without suspending.
 */
function pageChunk(load: () => Promise<ComponentType>) {
  let Loaded: ComponentType | undefined;
  const loadPage = () =>
    load().then((component) => {
      Loaded = component;
      return { default: component };
    });
  const Lazy = lazy(loadPage);
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  return { Page, load: loadPage };
}

const QUESTION = pageChunk(() => import('./detail/QuestionDetailPage').then((module) => module.default));
const LIST = pageChunk(() => import('./list/QuestionListPage').then((module) => module.QuestionListPage));
const ASK = pageChunk(() => import('./ask/AskPage').then((module) => module.AskPage));

/** Which chunk the page at `pathname` renders, if it is one of the remote's pages. */
const chunkAt = (pathname: string) =>
  QUESTION_PAGE.test(pathname)
    ? QUESTION
    : /^\/community\/qa\/?$/.test(pathname)
      ? LIST
      : /^\/community\/qa\/ask\/?$/.test(pathname)
        ? ASK
        : undefined;

/**
 * Loads what the page at `pathname` renders lazily, before the shell hydrates it (the shell's
 * preloadRemoteApp calls it).
 */
export function preload(pathname: string): Promise<void> {
  const chunk = chunkAt(pathname);
  return chunk ? chunk.load().then(() => undefined) : Promise.resolve();
}

const pending = <section className="page qa-page" aria-busy="true" />;

/** Mounted by the shell at /community/*; routes are relative to that mount. */
export default function App() {
  // The seed's /community/projects placeholders ('coming soon') are left out: not found, like any path
  // the community has no page for (docs/design.md §11).
  return (
    <Routes>
      <Route
        path="qa"
        element={
          <Suspense fallback={pending}>
            <LIST.Page />
          </Suspense>
        }
      />
      <Route
        path="qa/ask"
        element={
          <Suspense fallback={pending}>
            <ASK.Page />
          </Suspense>
        }
      />
      <Route
        path="questions/:id"
        element={
          <Suspense fallback={pending}>
            <QUESTION.Page />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
