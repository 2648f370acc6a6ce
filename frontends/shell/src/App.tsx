import { NotFound } from '@pulse/frontend-ui';
import { Route, Routes } from 'react-router';
import { mountOf, REMOTE_MOUNTS } from './federation/remote-mounts';
import { preloadRemoteApp, RemoteRoute } from './federation/RemoteRoute';
import { Layout } from './layout/Layout';
import { HomePage } from './pages/home/HomePage';
import { preloadablePage } from './preloadable-page';

// Home is in the main bundle (it is the landing page and has a JS budget); every other page is its own
// chunk, fetched when first visited. The layout's Suspense shows a spinner meanwhile.
const ArticlePage = preloadablePage(() => import('./pages/article/ArticlePage'));
const CategoryPage = preloadablePage(() => import('./pages/category/CategoryPage'));
const ArchivePage = preloadablePage(() => import('./pages/archive/ArchivePage'));
const SearchPage = preloadablePage(() => import('./pages/search/SearchPage'));
const TagPage = preloadablePage(() => import('./pages/search/TagPage'));
const SourcesPage = preloadablePage(() => import('./pages/sources/SourcesPage'));
const AboutPage = preloadablePage(() => import('./pages/static/AboutPage'));
const PrivacyPage = preloadablePage(() => import('./pages/static/PrivacyPage'));
const SitemapPage = preloadablePage(() => import('./pages/static/SitemapPage'));
const ContactPage = preloadablePage(() => import('./pages/contact/ContactPage'));
// The reader's own space: its own chunk, loaded only by those who open it.
const MePage = preloadablePage(() => import('./pages/me/MePage'));
// A story's page is the shell's, like an article's: as a remote's it would carry the module federation runtime
// and the remote's entry (25 KB brotli), past the article page's JavaScript budget.
const StoryPage = preloadablePage(() => import('./pages/story/StoryPage'));
// /admin and the screens under it that have no route of their own are one chunk (AdminScreenPage): each
// route and chunk adds to what every reader loads, and the readers' pages have no room to spare.
const AdminPage = preloadablePage(() => import('./pages/admin/AdminScreenPage'));
const AnalyticsPage = preloadablePage(() => import('./pages/admin/AnalyticsPage'));
const HeldTranslationsPage = preloadablePage(() => import('./pages/admin/HeldTranslationsPage'));
const CommentModerationPage = preloadablePage(() => import('./pages/admin/CommentModerationPage'));

/** The shell's own routes (docs/design.md §8) and the remotes' mount points. */
export const SHELL_ROUTES = [
  { path: '/article/:id', Page: ArticlePage },
  { path: '/story/:id', Page: StoryPage },
  { path: '/category/:category', Page: CategoryPage },
  { path: '/archive', Page: ArchivePage },
  { path: '/search', Page: SearchPage },
  { path: '/tags/:slug', Page: TagPage },
  { path: '/sources', Page: SourcesPage },
  { path: '/about', Page: AboutPage },
  { path: '/privacy', Page: PrivacyPage },
  { path: '/sitemap', Page: SitemapPage },
  { path: '/contact', Page: ContactPage },
  { path: '/me', Page: MePage },
  { path: '/admin', Page: AdminPage },
  { path: '/admin/translations', Page: HeldTranslationsPage },
  { path: '/admin/comments', Page: CommentModerationPage },
  { path: '/admin/sources', Page: AdminPage },
  { path: '/admin/authoring', Page: AdminPage },
  { path: '/admin/newsletter', Page: AdminPage },
  { path: '/admin/synonyms', Page: AdminPage },
  { path: '/admin/nicknames', Page: AdminPage },
  { path: '/admin/staff', Page: AdminPage },
  { path: '/admin/audit', Page: AdminPage },
  { path: '/admin/contact', Page: AdminPage },
  { path: '/analytics', Page: AnalyticsPage },
] as const;

/** Whether a route pattern ('/article/:id') matches a pathname, segment by segment. */
function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  return want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i]);
}

/**
 * Loads the chunk of the page at `pathname` (bootstrap.tsx, before hydrating): a shell page's, or the App of
 * the remote mounted there (a remote's page is server-rendered too when the gateway could load its server
 * bundle). False when the page will not render as the server did (its remote could not be loaded here).
 */
export async function preloadPage(pathname: string): Promise<boolean> {
  const route = SHELL_ROUTES.find(({ path }) => matches(path, pathname));
  if (route) {
    await route.Page.preload();
    return true;
  }
  const mount = mountOf(pathname);
  return mount ? preloadRemoteApp(mount.remote, pathname).catch(() => false) : true;
}

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        {SHELL_ROUTES.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
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
