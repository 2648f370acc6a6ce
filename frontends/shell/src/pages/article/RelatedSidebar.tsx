import type { ArticleListItem, RelatedArticlesResponse } from '@pulse/contracts';
import {
  ArticleImage,
  categoryName,
  formatShortDate,
  isoDate,
  RELATED_QUERY,
  Skeleton,
  useApiQuery,
} from '@pulse/frontend-ui';
import { Link } from 'react-router-dom';
import { ARTICLE } from '../../copy';

/** Related articles beside the article (docs/spec-content.md §2), dated MM/dd, cached 10 minutes with 2 retries (§7). */
export function RelatedSidebar({ articleId }: { articleId: string }) {
  const { data, error, isLoading } = useApiQuery<RelatedArticlesResponse | ArticleListItem[]>(
    `related:${articleId}`,
    `/api/articles/related/${encodeURIComponent(articleId)}`,
    RELATED_QUERY,
  );
  // The seed's client accepts a bare array too.
  const articles = Array.isArray(data) ? data : (data?.articles ?? []);
  return (
    <aside className="related-sidebar" aria-labelledby="related-title" aria-busy={isLoading}>
      <h2 id="related-title">{ARTICLE.related}</h2>
      {isLoading ? (
        <ul>
          {[0, 1, 2, 3].map((i) => (
            <li key={i}>
              <Skeleton className="skeleton--related" />
            </li>
          ))}
        </ul>
      ) : error && !data ? (
        <p className="related-sidebar__empty">{ARTICLE.relatedError}</p>
      ) : articles.length === 0 ? (
        <p className="related-sidebar__empty">{ARTICLE.noRelated}</p>
      ) : (
        <ul>
          {articles.map((article) => (
            <li key={article.id}>
              <Link to={`/article/${encodeURIComponent(article.id)}`} className="related-item">
                <ArticleImage
                  src={article.imageUrl}
                  alt=""
                  label={categoryName(article.primaryCategory)}
                  className="related-item__image"
                  width={160}
                  height={90}
                />
                <span className="related-item__text">
                  <span className="related-item__title">{article.title}</span>
                  <time dateTime={isoDate(article.publishedAt)}>{formatShortDate(article.publishedAt)}</time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
