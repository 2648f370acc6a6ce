import type { TechAnalysisListItem } from '@pulse/contracts';
import { formatCount, formatDate, isoDate } from '@pulse/frontend-ui';
import { Link } from 'react-router';
import { COPY } from '../copy';
import { categoryLabel, DifficultyBadge } from '../labels';

/** A card of the list, linking to /tech-analysis/{slug}. */
export function AnalysisCard({ analysis }: { analysis: TechAnalysisListItem }) {
  return (
    <article className="analysis-card">
      <Link to={`/tech-analysis/${encodeURIComponent(analysis.slug)}`} className="analysis-card__link">
        <p className="analysis-card__badges">
          <span className="badge badge--tech-category">{categoryLabel(analysis.technologyCategory)}</span>
          <DifficultyBadge level={analysis.difficultyLevel} />
        </p>
        <p className="analysis-card__tech">{analysis.technologyName}</p>
        <h2 className="analysis-card__title">{analysis.title}</h2>
        <p className="analysis-card__summary">{analysis.executiveSummary}</p>
        <p className="analysis-card__meta">
          <time dateTime={isoDate(analysis.publishedAt)}>{formatDate(analysis.publishedAt)}</time>
          <span>{COPY.list.readingTime(analysis.estimatedReadingTime)}</span>
          <span>{COPY.list.likes(formatCount(analysis.likesCount))}</span>
        </p>
      </Link>
    </article>
  );
}
