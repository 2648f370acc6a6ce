import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The browser keeps the scroll position on client-side navigation; a new page should start at the top. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
