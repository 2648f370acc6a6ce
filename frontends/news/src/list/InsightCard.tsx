import type { ArticleListItem } from '@pulse/contracts';
import { ArticleImage, ArticleStats, categoryName, formatDate, isoDate } from '@pulse/frontend-ui';
import { Link } from 'react-router';
import { COPY } from '../copy';

/** docs/spec-content.md §2 'Insights list': the featured insight shows 3 key insights, other cards 2. */
export const KEY_INSIGHTS_FEATURED = 3;
export const KEY_INSIGHTS_CARD = 2;

interface Props {
  article: ArticleListItem;
  featured: boolean;
  /** The featured card spans the full width while only one page is loaded. */
  wide: boolean;
  priority: boolean;
}

export function InsightCard({ article, featured, wide, priority }: Props) {
  const insights = (article.insightMeta?.keyInsights ?? []).slice(
    0,
    featured ? KEY_INSIGHTS_FEATURED : KEY_INSIGHTS_CARD,
  );
  const category = categoryName(article.primaryCategory);
  const classes = ['article-card', 'insight-card'];
  if (featured) classes.push('insight-card--featured');
  if (wide) classes.push('insight-card--wide');
  return (
    <article className={classes.join(' ')} data-testid={featured ? 'featured-insight' : undefined}>
      <Link to={`/insights/${encodeURIComponent(article.id)}`} className="article-card__link">
        <div className="article-card__media">
          <ArticleImage src={article.imageUrl} alt={article.title} label={category} priority={priority} />
          {featured && <span className="badge badge--featured">{COPY.list.featured}</span>}
        </div>
        <div className="article-card__body">
          <p className="article-card__meta">
            <time dateTime={isoDate(article.publishedAt)}>{formatDate(article.publishedAt)}</time>
            {category && <span className="badge badge--category">{category}</span>}
          </p>
          <h3 className="article-card__title">{article.title}</h3>
          {article.summary && <p className="article-card__summary">{article.summary}</p>}
          {insights.length > 0 && (
            <div className="insight-card__insights">
              <p className="insight-card__label">{COPY.list.keyInsights}</p>
              <ul>
                {insights.map((text, index) => (
                  <li key={index}>{text}</li>
                ))}
              </ul>
            </div>
          )}
          <ArticleStats views={article.views} likes={article.likesCount} shares={article.sharesCount} />
        </div>
      </Link>
    </article>
  );
}
