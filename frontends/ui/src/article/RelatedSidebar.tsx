import type { ArticleListItem, RelatedArticlesResponse } from '@pulse/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { RELATED_QUERY, useApiQuery } from '../api';
import { ArticleImage } from '../ArticleImage';
import { categoryName } from '../categories';
import { formatShortDate, isoDate } from '../format';
import { Skeleton } from '../Skeleton';
import { ARTICLE_PAGE } from './copy';
import { relatedPath } from './paths';

/**
 * docs/spec-content.md §8: related images fall back to the default image on /article, and to a 'No Image'
 * placeholder on content detail.
 */
export type RelatedThumb = 'default-image' | 'no-image';

function NoImageThumb({ src }: { src: string | null }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <span className="related-item__image related-item__image--none" aria-hidden="true">
        {ARTICLE_PAGE.noImage}
      </span>
    );
  }
  return (
    <img
      className="related-item__image"
      src={src}
      alt=""
      width={160}
      height={90}
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}

interface Props {
  id: string;
  /** /article/{id} from the shell; /{section}/{id} from content detail (docs/spec-content.md §2). */
  hrefOf: (item: ArticleListItem) => string;
  thumb: RelatedThumb;
}

/** Related articles beside the article (docs/spec-content.md §2), dated MM/dd, cached 10 minutes with 2 retries (§7). */
export function RelatedSidebar({ id, hrefOf, thumb }: Props) {
  const { data, error, isLoading } = useApiQuery<RelatedArticlesResponse | ArticleListItem[]>(
    `related:${id}`,
    relatedPath(id),
    RELATED_QUERY,
  );
  // The seed's client accepts a bare array too; the service sends {articles} (libs/contracts).
  const articles = Array.isArray(data) ? data : (data?.articles ?? []);
  return (
    <aside className="related-sidebar" aria-labelledby="related-title" aria-busy={isLoading}>
      <h2 id="related-title">{ARTICLE_PAGE.related}</h2>
      {isLoading ? (
        <ul>
          {[0, 1, 2, 3].map((i) => (
            <li key={i}>
              <Skeleton className="skeleton--related" />
            </li>
          ))}
        </ul>
      ) : error && !data ? (
        <p className="related-sidebar__empty">{ARTICLE_PAGE.relatedFailed}</p>
      ) : articles.length === 0 ? (
        <p className="related-sidebar__empty">{ARTICLE_PAGE.noRelated}</p>
      ) : (
        <ul>
          {articles.map((article) => (
            <li key={article.id}>
              <Link to={hrefOf(article)} className="related-item">
                {thumb === 'no-image' ? (
                  <NoImageThumb src={article.imageUrl} />
                ) : (
                  <ArticleImage
                    src={article.imageUrl}
                    alt=""
                    label={categoryName(article.primaryCategory)}
                    className="related-item__image"
                    width={160}
                    height={90}
                  />
                )}
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
