import { ArticleSkeleton, MovedTo, NotFound, seedRemoteQueryClient } from '@pulse/frontend-ui';
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { InsightsListPage } from './list/InsightsListPage';
import { NewsListPage } from './list/NewsListPage';
import { isNewsSection, type NewsSection } from './sections';
import './styles.css';

// A server-rendered list or article page carries its answers; the hydrating render reads them.
seedRemoteQueryClient();

/** An article of a section (/news/{id}, /insights/{id}, /analysis/{id}), not the section's list. */
const DETAIL_PAGE = /^\/(?:news|insights|analysis)\/[^/]+\/?$/;

type DetailPage = ComponentType<{ section: NewsSection }>;

// The detail page is its own chunk, loaded when an article is opened, or ahead of hydrating a
// server-rendered one (preload), which then renders without suspending.
let LoadedDetailPage: DetailPage | undefined;
const loadDetailPage = () =>
  import('./detail/ContentDetailPage').then((module) => {
    LoadedDetailPage = module.default;
    return module;
  });
const LazyDetailPage = lazy(loadDetailPage);
const ContentDetailPage: DetailPage = (props) =>
  LoadedDetailPage ? <LoadedDetailPage {...props} /> : <LazyDetailPage {...props} />;

/**
 * Loads what the page at `pathname` renders lazily, before the shell hydrates it (the shell's
 * preloadRemoteApp calls it): the detail chunk for an article.
 */
export function preload(pathname: string): Promise<void> {
  return DETAIL_PAGE.test(pathname) ? loadDetailPage().then(() => undefined) : Promise.resolve();
}

export type { NewsSection };

function SectionIndex({ section }: { section: NewsSection }) {
  if (section === 'insights') return <InsightsListPage />;
  // docs/spec-content.md §2: /analysis is where an analysis detail's back link goes; its list is the tech-analysis list.
  if (section === 'analysis') return <MovedTo to="/tech-analysis" />;
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
