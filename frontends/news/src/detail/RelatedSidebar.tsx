import type { ArticleListItem, RelatedArticlesResponse } from '@pulse/contracts';
import { formatShortDate, isoDate, RELATED_QUERY, Skeleton, useApiQuery } from '@pulse/frontend-ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { relatedPath } from '../api';
import { COPY } from '../copy';
import { articleHref } from '../sections';

/** docs/spec-content.md §8: related articles on content detail show a 'No Image' placeholder for a missing image. */
function Thumb({ src }: { src: string | null }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <span className="related__thumb related__thumb--none" aria-hidden="true">
        {COPY.list.noImage}
      </span>
    );
  }
  return (
    <img
      className="related__thumb"
      src={src}
      alt=""
      width={96}
      height={64}
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}

/** Related articles (10 min cache, 2 retries), each linking to /{type}/{id} with an MM/dd date. */
export function RelatedSidebar({ id }: { id: string }) {
  const { data, isLoading, error } = useApiQuery<RelatedArticlesResponse | ArticleListItem[]>(
    `related:${id}`,
    relatedPath(id),
    RELATED_QUERY,
  );
  // The seed's client read an array or {articles}; the service sends {articles} (libs/contracts).
  const articles = data ? (Array.isArray(data) ? data : data.articles) : [];
  return (
    <aside className="related" aria-labelledby="related-title">
      <h2 id="related-title">{COPY.detail.related}</h2>
      {isLoading && <Skeleton className="related__skeleton" />}
      {error && <p className="related__empty">{COPY.detail.relatedFailed}</p>}
      {data && articles.length === 0 && <p className="related__empty">{COPY.detail.noRelated}</p>}
      <ul>
        {articles.map((article) => (
          <li key={article.id}>
            <Link to={articleHref(article.type, article.id)} className="related__item">
              <Thumb src={article.imageUrl} />
              <span className="related__text">
                <span className="related__title">{article.title}</span>
                <time dateTime={isoDate(article.publishedAt)}>{formatShortDate(article.publishedAt)}</time>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}
