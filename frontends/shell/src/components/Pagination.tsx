import { Link } from 'react-router';
import { PAGINATION } from '../copy';
import { pageWindow } from './page-window';

interface Props {
  page: number;
  totalPages: number;
  /** The URL of a page (the page number lives in the query, so a page can be shared and reloaded). */
  hrefFor: (page: number) => string;
}

/** Previous, numbered pages with gaps, next; nothing when there is a single page. */
export function Pagination({ page, totalPages, hrefFor }: Props) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={PAGINATION.label}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev">
              {PAGINATION.previous}
            </Link>
          ) : (
            <span aria-disabled="true">{PAGINATION.previous}</span>
          )}
        </li>
        {pageWindow(page, totalPages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-label={PAGINATION.page(item)}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link to={hrefFor(page + 1)} rel="next">
              {PAGINATION.next}
            </Link>
          ) : (
            <span aria-disabled="true">{PAGINATION.next}</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
