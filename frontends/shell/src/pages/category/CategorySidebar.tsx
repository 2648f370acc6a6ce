import type { SidebarDataResponse } from '@pulse/contracts';
import { formatCount, LIST_QUERY, Skeleton, useApiQuery } from '@pulse/frontend-ui';
import { Link } from 'react-router';
import { CATEGORY } from '../../copy';

/**
 * Article counts, popular tags and sources (GET /api/sidebar-data). The counts are the real ones
 * (docs/design.md §11.6), not the seed's hard-coded '6,349 total, +24 today'.
 */
export function CategorySidebar() {
  const { data, error, isLoading } = useApiQuery<SidebarDataResponse>(
    'sidebar-data',
    '/api/sidebar-data',
    LIST_QUERY,
  );
  return (
    <aside className="category-sidebar" aria-label={CATEGORY.sidebar} aria-busy={isLoading}>
      {isLoading ? (
        <Skeleton className="skeleton--sidebar" />
      ) : error && !data ? (
        <p>{CATEGORY.sidebarError}</p>
      ) : data ? (
        <>
          <section aria-labelledby="sidebar-counts">
            <h2 id="sidebar-counts" className="sr-only">
              {CATEGORY.totalArticles}
            </h2>
            <dl className="sidebar-counts">
              <div>
                <dt>{CATEGORY.totalArticles}</dt>
                <dd>{formatCount(data.articleCounts.total)}</dd>
              </div>
              <div>
                <dt>{CATEGORY.todayArticles}</dt>
                <dd>+{formatCount(data.articleCounts.today)}</dd>
              </div>
            </dl>
          </section>
          {data.popularTags.length > 0 && (
            <section aria-labelledby="sidebar-tags">
              <h2 id="sidebar-tags">{CATEGORY.popularTags}</h2>
              <ul className="tag-cloud">
                {data.popularTags.map((tag) => (
                  <li key={tag.name}>
                    <Link to={`/search?tag=${encodeURIComponent(tag.name)}`}>
                      #{tag.name} <span className="muted">{formatCount(tag.count)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {data.rssSources.length > 0 && (
            <section aria-labelledby="sidebar-sources">
              <h2 id="sidebar-sources">{CATEGORY.sources}</h2>
              <ul className="sidebar-sources">
                {data.rssSources.map((source) => (
                  <li key={source.id}>
                    <span>{source.name}</span> <span className="muted">{formatCount(source.count)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      ) : null}
    </aside>
  );
}
