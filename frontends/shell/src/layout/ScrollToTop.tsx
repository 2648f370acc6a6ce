import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The browser keeps the scroll position on client-side navigation; a new page should start at the top.
 * A new result page (?page=) counts as a new page too; other query changes (filters, tabs, a search box
 * pushed to the URL) keep the reader where they are.
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const page = new URLSearchParams(search).get('page');
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, page]);
  return null;
}
