import { NotFound } from '@pulse/frontend-ui';
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { REMOTE_MOUNTS } from './federation/remote-mounts';
import { RemoteRoute } from './federation/RemoteRoute';
import { Layout } from './layout/Layout';
import { HomePage } from './pages/home/HomePage';

// Home is in the main bundle (it is the landing page and has a JS budget); every other page is its own
// chunk, fetched when first visited. The layout's Suspense shows a spinner meanwhile.
const ArticlePage = lazy(() => import('./pages/article/ArticlePage'));
const CategoryPage = lazy(() => import('./pages/category/CategoryPage'));
const ArchivePage = lazy(() => import('./pages/archive/ArchivePage'));
const SearchPage = lazy(() => import('./pages/search/SearchPage'));
const TagPage = lazy(() => import('./pages/search/TagPage'));
const SourcesPage = lazy(() => import('./pages/sources/SourcesPage'));
const AboutPage = lazy(() => import('./pages/static/AboutPage'));
const PrivacyPage = lazy(() => import('./pages/static/PrivacyPage'));
const SitemapPage = lazy(() => import('./pages/static/SitemapPage'));
const AdminPage = lazy(() => import('./pages/admin/AdminPage'));
const AnalyticsPage = lazy(() => import('./pages/admin/AnalyticsPage'));
const HeldTranslationsPage = lazy(() => import('./pages/admin/HeldTranslationsPage'));
const CommentModerationPage = lazy(() => import('./pages/admin/CommentModerationPage'));

/** The shell's own routes (docs/design.md §8) and the remotes' mount points. */
export const SHELL_ROUTES = [
  { path: '/article/:id', element: <ArticlePage /> },
  { path: '/category/:category', element: <CategoryPage /> },
  { path: '/archive', element: <ArchivePage /> },
  { path: '/search', element: <SearchPage /> },
  { path: '/tags/:slug', element: <TagPage /> },
  { path: '/sources', element: <SourcesPage /> },
  { path: '/about', element: <AboutPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/sitemap', element: <SitemapPage /> },
  { path: '/admin', element: <AdminPage /> },
  { path: '/admin/translations', element: <HeldTranslationsPage /> },
  { path: '/admin/comments', element: <CommentModerationPage /> },
  { path: '/analytics', element: <AnalyticsPage /> },
] as const;

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        {SHELL_ROUTES.map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
        {REMOTE_MOUNTS.map(({ path, remote, appProps }) => (
          // Keyed by remote: switching remotes gets a fresh error state, switching sections of one does not.
          <Route
            key={path}
            path={path}
            element={<RemoteRoute key={remote} remote={remote} appProps={appProps} />}
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
