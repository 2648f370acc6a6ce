import { ArticleSkeleton, NotFound } from '@pulse/frontend-ui';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { InsightsListPage } from './list/InsightsListPage';
import { NewsListPage } from './list/NewsListPage';
import { isNewsSection, type NewsSection } from './sections';
import './styles.css';

// The detail page is its own chunk, loaded when an article is opened.
const ContentDetailPage = lazy(() => import('./detail/ContentDetailPage'));

export type { NewsSection };

function SectionIndex({ section }: { section: NewsSection }) {
  if (section === 'insights') return <InsightsListPage />;
  // docs/spec-content.md §2: /analysis is where an analysis detail's back link goes; its list is the tech-analysis list.
  if (section === 'analysis') return <Navigate to="/tech-analysis" replace />;
  return <NewsListPage />;
}

/**
 * Mounted by the shell at /news/*, /insights/* and /analysis/*; routes are relative to that mount, so the
 * shell passes which section this is.
 */
export default function App({ section }: { section?: unknown }) {
  const current = isNewsSection(section) ? section : 'news';
  return (
    <Routes>
      <Route index element={<SectionIndex section={current} />} />
      <Route
        path=":id"
        element={
          <Suspense fallback={<ArticleSkeleton />}>
            <ContentDetailPage section={current} />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
