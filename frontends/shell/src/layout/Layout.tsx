import { Spinner } from '@pulse/frontend-ui';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { COMMON, NAV } from '../copy';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScrollToTop } from './ScrollToTop';
import { Toaster } from './Toaster';

export function Layout() {
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {NAV.skipToContent}
      </a>
      <ScrollToTop />
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        {/* Pages other than home are lazy chunks; the layout stays while one loads. */}
        <Suspense fallback={<Spinner label={COMMON.loading} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
