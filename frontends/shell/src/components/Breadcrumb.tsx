import { Link } from 'react-router';
import { ARTICLE, COMMON } from '../copy';

export interface Crumb {
  label: string;
  /** Absent on the current page, the last crumb. */
  to?: string;
}

/** Home › … › current page (docs/spec-content.md §2: on article and category pages). */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const all: Crumb[] = [{ label: COMMON.home, to: '/' }, ...items];
  return (
    <nav className="breadcrumb" aria-label={ARTICLE.breadcrumb}>
      <ol>
        {all.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`}>
            {crumb.to && index < all.length - 1 ? (
              <Link to={crumb.to}>{crumb.label}</Link>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
