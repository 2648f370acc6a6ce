import { useLocation } from 'react-router';
import { useNavigateTo } from '../use-navigate-to';
import { Skeleton } from '../Skeleton';
import { ARTICLE_PAGE } from './copy';

/** The page's frame while the article loads, sized like the real one so nothing jumps (docs/spec-content.md §4). */
export function ArticleSkeleton() {
  return (
    <div className="article-layout">
      <div
        className="article article--loading"
        role="status"
        aria-busy="true"
        aria-label={ARTICLE_PAGE.loading}
      >
        <Skeleton className="article-hero__image" />
        <Skeleton className="skeleton--line skeleton--short" />
        <Skeleton className="skeleton--headline" />
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="skeleton--line" />
        ))}
      </div>
    </div>
  );
}

interface ProblemProps {
  /** What went wrong, in the reader's words (docs/spec-content.md §8). */
  message: string;
  /** The heading; '기사를 찾을 수 없습니다' unless the article is known to be withdrawn. */
  title?: string;
  /** The error's own message, shown under it when it says something more (§8 'with … the error message'). */
  detail?: string;
  onRetry?: () => void;
  /** Where '돌아가기' goes when the page was opened directly: the home from /article, the section's list otherwise. */
  backPath: string;
}

/**
 * Not found, invalid id or a failed load (docs/spec-content.md §8 'Article fetch fails', 'Content detail error'),
 * with '돌아가기': back in history, or to backPath when there is none.
 */
export function ArticleProblem({ title, message, detail, onRetry, backPath }: ProblemProps) {
  const navigate = useNavigateTo();
  const location = useLocation();
  const goBack = () => navigate(location.key === 'default' ? backPath : -1);
  return (
    <section className="page article-problem" role="alert" aria-labelledby="article-problem-title">
      <h1 id="article-problem-title">{title ?? ARTICLE_PAGE.notFoundTitle}</h1>
      <p>{message}</p>
      {detail && detail !== message && <p className="state__detail">{detail}</p>}
      <p className="article-problem__actions">
        {onRetry && (
          <button type="button" className="button" onClick={onRetry}>
            {ARTICLE_PAGE.retry}
          </button>
        )}
        <button type="button" className="button button--outline" onClick={goBack}>
          {ARTICLE_PAGE.back}
        </button>
      </p>
    </section>
  );
}
