import { ArticleSkeleton, MovedTo, NotFound, seedRemoteQueryClient } from '@pulse/frontend-ui';
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
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

/** A story's page (/story/{id}): its own chunk, like the article's, so the lists do not carry it. */
const STORY_PAGE = /^\/story\/[^/]+\/?$/;

let LoadedStoryPage: ComponentType | undefined;
const loadStoryPage = () =>
  import('./story/StoryPage').then((module) => {
    LoadedStoryPage = module.default;
    return module;
  });
const LazyStoryPage = lazy(loadStoryPage);
const StoryPage: ComponentType = () => (LoadedStoryPage ? <LoadedStoryPage /> : <LazyStoryPage />);

/**
 * Loads what the page at `pathname` renders lazily, before the shell hydrates it (the shell's
 * preloadRemoteApp calls it): the detail chunk for an article, the story chunk for a story.
 */
export function preload(pathname: string): Promise<void> {
  if (DETAIL_PAGE.test(pathname)) return loadDetailPage().then(() => undefined);
  if (STORY_PAGE.test(pathname)) return loadStoryPage().then(() => undefined);
  return Promise.resolve();
}

export type { NewsSection };

function SectionIndex({ section }: { section: NewsSection }) {
  if (section === 'insights') return <InsightsListPage />;
  // docs/spec-content.md §2: /analysis is where an analysis detail's back link goes; its list is the tech-analysis list.
  if (section === 'analysis') return <MovedTo to="/tech-analysis" />;
  return <NewsListPage />;
}

/** /story/{id}; the mount itself (/story) is no page. */
function StoryRoutes() {
  return (
    <Routes>
      <Route
        path=":id"
        element={
          <Suspense fallback={<ArticleSkeleton />}>
            <StoryPage />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

/**
 * Mounted by the shell at /news/*, /insights/* and /analysis/*, and at /story/* for story pages; routes are
 * relative to that mount, so the shell passes which section this is ('story' for the story pages).
 */
export default function App({ section }: { section?: unknown }) {
  if (section === 'story') return <StoryRoutes />;
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
