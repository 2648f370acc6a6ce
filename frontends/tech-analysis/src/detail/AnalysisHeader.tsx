import type { TechAnalysis } from '@pulse/contracts';
import { isRecommended } from '@pulse/contracts/src/api/constants';
import { BookmarkButton, formatCount, formatDate, Icon, isoDate } from '@pulse/frontend-ui';
import { Link } from 'react-router';
import { COPY } from '../copy';
import { categoryLabel, DifficultyBadge } from '../labels';
import { shareAnalysis } from './share';
import { useAnalysisLike } from './use-analysis-like';

/** Back link, badges, title, summary, dates and counts, like and share, the technology card (docs/spec-content.md §2). */
export function AnalysisHeader({ analysis }: { analysis: TechAnalysis }) {
  const { liked, count, like } = useAnalysisLike(analysis.id, analysis.likesCount);
  const share = () =>
    void shareAnalysis({
      title: analysis.title,
      text: analysis.executiveSummary,
      url: window.location.href,
    });
  return (
    <header className="analysis-header">
      <Link to="/analysis" className="back-link">
        <Icon name="arrow-left" /> {COPY.detail.back}
      </Link>
      <p className="analysis-header__badges">
        <DifficultyBadge level={analysis.difficultyLevel} />
        <span className="badge badge--tech-category">{categoryLabel(analysis.technologyCategory)}</span>
        {isRecommended(analysis.qualityScore) && (
          <span className="badge badge--recommended">{COPY.detail.recommended}</span>
        )}
      </p>
      <h1>{analysis.title}</h1>
      <p className="analysis-header__summary">{analysis.executiveSummary}</p>
      <div className="analysis-header__row">
        <p className="analysis-header__meta">
          <time dateTime={isoDate(analysis.publishedAt)}>{formatDate(analysis.publishedAt)}</time>
          <span>{COPY.detail.readingTime(analysis.estimatedReadingTime)}</span>
          <span>{COPY.detail.views(formatCount(analysis.views))}</span>
          <span data-testid="likes-count">{COPY.detail.likes(formatCount(count))}</span>
        </p>
        <div className="analysis-header__actions">
          <button
            type="button"
            className={liked ? 'like-button like-button--liked' : 'like-button'}
            aria-pressed={liked}
            disabled={liked}
            onClick={like}
          >
            <Icon name={liked ? 'heart-filled' : 'heart'} /> {liked ? COPY.detail.liked : COPY.detail.like}
          </button>
          <button type="button" className="share-button" onClick={share}>
            <Icon name="share" /> {COPY.detail.share}
          </button>
          <BookmarkButton kind="techAnalysis" id={analysis.slug} title={analysis.title} />
        </div>
      </div>
      <div className="technology-card">
        <span className="technology-card__label">{COPY.detail.technology}</span>
        <span className="technology-card__name">{analysis.technologyName}</span>
        <span className="technology-card__category">{categoryLabel(analysis.technologyCategory)}</span>
      </div>
    </header>
  );
}
