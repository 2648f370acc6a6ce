import type { TrendingListResponse } from '@pulse/contracts';
import {
  categoryName,
  ErrorState,
  EmptyState,
  isHot,
  LIST_QUERY,
  Skeleton,
  useApiQuery,
} from '@pulse/frontend-ui';
import { Link } from 'react-router';
import { COMMON, HOME } from '../../copy';

/** docs/spec-content.md §2, §9: the home page fetches 6 hot topics; shown as a ranked list linking to the article. */
export const HOME_HOT_LIMIT = 6;
export const HOT_TOPICS_PATH = `/api/trending/hot-topics?limit=${HOME_HOT_LIMIT}`;

export function HotTopics() {
  const { data, error, isLoading, refetch } = useApiQuery<TrendingListResponse>(
    'home:hot',
    HOT_TOPICS_PATH,
    LIST_QUERY,
  );
  return (
    <section className="home-section hot-topics" aria-labelledby="hot-title" aria-busy={isLoading}>
      <h2 id="hot-title">{HOME.hotTitle}</h2>
      {isLoading ? (
        <ol className="hot-list">
          {Array.from({ length: HOME_HOT_LIMIT }, (_, i) => (
            <li key={i}>
              <Skeleton className="skeleton--hot-item" />
            </li>
          ))}
        </ol>
      ) : error && !data ? (
        <ErrorState
          title={HOME.hotError}
          message={error.message}
          onRetry={() => void refetch()}
          retryLabel={COMMON.retry}
        />
      ) : data && data.articles.length === 0 ? (
        <EmptyState title={HOME.hotEmpty} />
      ) : (
        <ol className="hot-list">
          {data?.articles.map((article, index) => (
            <li key={article.id}>
              <span className="hot-list__rank" aria-hidden="true">
                {index + 1}
              </span>
              <Link
                to={'kind' in article ? article.url : `/article/${encodeURIComponent(article.id)}`}
                className="hot-list__link"
              >
                <span className="hot-list__title">{article.title}</span>
                <span className="hot-list__meta">
                  {'kind' in article ? article.technologyName : categoryName(article.primaryCategory)}
                  {isHot(article.hotScore) && <span className="badge badge--hot">HOT</span>}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
