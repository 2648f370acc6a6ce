import type { TrendingArticle } from '@pulse/contracts';
import { isHotScore, isRising } from '@pulse/contracts/src/api/constants';
import {
  ArticleImage,
  ArticleStats,
  categoryName,
  formatCount,
  formatDate,
  isoDate,
} from '@pulse/frontend-ui';
import { Link } from 'react-router';
import { COPY } from './copy';

const oneDecimal = (value: number) => formatCount(Math.round(value * 10) / 10);

/**
 * One trending item, linking to /article/{id} (docs/spec-content.md §2): HOT above hotScore 100, the rising badge
 * above 50 views per hour, the default image when the image is missing or broken.
 */
export function TrendingItem({ article, rank }: { article: TrendingArticle; rank: number }) {
  // A tech analysis: its own page, labelled with its technology.
  const analysis = 'kind' in article;
  const category = analysis ? article.technologyName : categoryName(article.primaryCategory);
  return (
    <li className="trending-item">
      <span className="trending-item__rank" aria-label={COPY.rank(rank)}>
        {rank}
      </span>
      <Link
        to={analysis ? article.url : `/article/${encodeURIComponent(article.id)}`}
        className="trending-item__link"
      >
        <span className="trending-item__media">
          <ArticleImage src={article.imageUrl} alt="" label={category} width={160} height={90} />
        </span>
        <span className="trending-item__body">
          <span className="trending-item__badges">
            {isHotScore(article.hotScore) && <span className="badge badge--hot">{COPY.hot}</span>}
            {isRising(article.viewsPerHour) && (
              <span className="badge badge--rising">{COPY.risingBadge}</span>
            )}
            {category && <span className="badge badge--category">{category}</span>}
          </span>
          <span className="trending-item__title">{article.title}</span>
          <span className="trending-item__meta">
            <time dateTime={isoDate(article.publishedAt)}>{formatDate(article.publishedAt)}</time>
            <span>{COPY.hotScore(oneDecimal(article.hotScore))}</span>
            <span>{COPY.viewsPerHour(formatCount(article.viewsPerHour))}</span>
          </span>
          <ArticleStats views={article.views} likes={article.likesCount} shares={article.sharesCount} />
        </span>
      </Link>
    </li>
  );
}
