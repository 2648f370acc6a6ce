import { Skeleton } from '@pulse/frontend-ui';
import { Link } from 'react-router';
import { COPY } from '../copy';

export function DetailSkeleton() {
  return (
    <div
      className="analysis-detail analysis-detail--loading"
      role="status"
      aria-label="기술분석을 불러오는 중"
    >
      <Skeleton className="skeleton--line skeleton--short" />
      <Skeleton className="skeleton--title" />
      <Skeleton className="skeleton--line" />
      <Skeleton className="skeleton--line" />
      <Skeleton className="skeleton--block" />
    </div>
  );
}

/** The error card and the not-found card, each linking back to /analysis (docs/spec-content.md §2, §8). */
export function DetailProblem({
  message,
  detail,
  onRetry,
}: {
  message: string;
  detail?: string;
  onRetry?: () => void;
}) {
  return (
    <section className="page analysis-problem" role="alert">
      <h1>{message}</h1>
      {detail && <p>{detail}</p>}
      <p className="analysis-problem__actions">
        {onRetry && (
          <button type="button" className="button" onClick={onRetry}>
            {COPY.detail.retry}
          </button>
        )}
        <Link to="/analysis" className="button button--secondary">
          {COPY.detail.back}
        </Link>
      </p>
    </section>
  );
}
