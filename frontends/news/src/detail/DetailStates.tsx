import { Skeleton } from '@pulse/frontend-ui';
import { useLocation, useNavigate } from 'react-router-dom';
import { COPY } from '../copy';

/** The page's frame while the article loads, sized like the real one so nothing jumps. */
export function DetailSkeleton() {
  return (
    <div className="content-detail content-detail--loading" role="status" aria-label="기사를 불러오는 중">
      <div className="content-detail__main">
        <Skeleton className="detail-hero skeleton--hero" />
        <Skeleton className="skeleton--line skeleton--short" />
        <Skeleton className="skeleton--title" />
        <Skeleton className="skeleton--line" />
        <Skeleton className="skeleton--line" />
        <Skeleton className="skeleton--line skeleton--short" />
      </div>
      <Skeleton className="content-detail__aside skeleton--aside" />
    </div>
  );
}

/**
 * Not found, invalid id or a failed load (docs/spec-content.md §8 'Content detail error'), with '돌아가기': back in
 * history, or to the section's list when the page was opened directly.
 */
export function DetailProblem({ message, listPath }: { message: string; listPath: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = () => (location.key === 'default' ? navigate(listPath) : navigate(-1));
  return (
    <section className="page detail-problem" role="alert">
      <h1>{COPY.detail.notFoundTitle}</h1>
      <p>{message}</p>
      <button type="button" className="button" onClick={goBack}>
        {COPY.detail.back}
      </button>
    </section>
  );
}
