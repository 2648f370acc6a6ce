import type { ArticleListItem } from '@pulse/contracts';
import { Link } from 'react-router';
import { ArticleImage } from './ArticleImage';
import { categoryName, isHot } from './categories';
import { formatCount, formatDate, isoDate } from './format';

export type ArticleCardData = Pick<
  ArticleListItem,
  | 'id'
  | 'title'
  | 'summary'
  | 'imageUrl'
  | 'publishedAt'
  | 'primaryCategory'
  | 'views'
  | 'likesCount'
  | 'sharesCount'
  | 'hotScore'
>;

interface Props {
  article: ArticleCardData;
  /** Where the card links, e.g. /news/{id} or /article/{id}. */
  to: string;
  /** Load the image first and eagerly (the first cards of a page). */
  priority?: boolean;
  /** Entrance animation delay in ms (docs/spec-content.md §9: 0.1 s per card). */
  delayMs?: number;
}

/** The entrance delays the stylesheet knows: 0.1 s steps (docs/spec-content.md §9), up to a page of 12 cards. */
export const ENTER_STEP_MS = 100;
export const MAX_ENTER_STEP = 11;

/**
 * A news card: image (default image when missing or broken), HOT badge above hotScore 100, date, primary
 * category, title, summary, views, likes and shares (docs/spec-content.md §2 'News list').
 */
export function ArticleCard({ article, to, priority = false, delayMs = 0 }: Props) {
  const category = categoryName(article.primaryCategory);
  // A step of the stylesheet's (.card-enter[data-enter-step]), not a style attribute: the site's CSP forbids
  // inline styles, which a server-rendered page would carry in its HTML.
  const step = Math.min(Math.round(delayMs / ENTER_STEP_MS), MAX_ENTER_STEP);
  return (
    <article className="article-card card-enter" data-enter-step={step > 0 ? step : undefined}>
      <Link to={to} className="article-card__link">
        <div className="article-card__media">
          <ArticleImage src={article.imageUrl} alt={article.title} label={category} priority={priority} />
          {isHot(article.hotScore) && <span className="badge badge--hot">HOT</span>}
        </div>
        <div className="article-card__body">
          <p className="article-card__meta">
            <time dateTime={isoDate(article.publishedAt)}>{formatDate(article.publishedAt)}</time>
            {category && <span className="badge badge--category">{category}</span>}
          </p>
          <h3 className="article-card__title">{article.title}</h3>
          {article.summary && <p className="article-card__summary">{article.summary}</p>}
          <ArticleStats views={article.views} likes={article.likesCount} shares={article.sharesCount} />
        </div>
      </Link>
    </article>
  );
}

const ICONS = {
  views: 'M1.5 12S5.5 5 12 5s10.5 7 10.5 7-4 7-10.5 7S1.5 12 1.5 12Zm10.5 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  likes:
    'M12 20s-7.5-4.6-9.3-9.2C1.4 7.5 3.6 4.5 6.8 4.5c2 0 3.4 1.1 4.2 2.4.8-1.3 2.2-2.4 4.2-2.4 3.2 0 5.4 3 4.1 6.3C19.5 15.4 12 20 12 20Z',
  shares: 'M14 5l6 6-6 6M20 11H9a5 5 0 0 0-5 5v3',
} as const;

function StatIcon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d={ICONS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Views, likes and shares; each read out with its Korean name. */
export function ArticleStats({ views, likes, shares }: { views: number; likes: number; shares: number }) {
  const stats = [
    ['views', '조회수', views],
    ['likes', '좋아요', likes],
    ['shares', '공유', shares],
  ] as const;
  return (
    <ul className="article-stats">
      {stats.map(([name, label, value]) => (
        <li key={name} aria-label={`${label} ${formatCount(value)}`}>
          <StatIcon name={name} />
          <span aria-hidden="true">{formatCount(value)}</span>
        </li>
      ))}
    </ul>
  );
}
