import { ArticleCardSkeleton, EmptyState, ErrorState, type QueryResult } from '@pulse/frontend-ui';
import type { ReactNode } from 'react';
import { COMMON } from '../copy';

interface Props<T extends { articles: readonly unknown[] }> {
  result: Pick<QueryResult<T>, 'data' | 'error' | 'isLoading' | 'refetch'>;
  /** How many skeleton cards stand in for the list while it loads (as many as a page shows). */
  skeletons: number;
  errorTitle: string;
  emptyTitle: string;
  /** The loaded list, once it has at least one article. */
  children: (data: T) => ReactNode;
}

/**
 * The states every article list of the shell goes through: skeleton cards while loading, the error with a
 * retry (only when nothing was loaded before: stale data stays on screen), the empty message, the list.
 */
export function ArticleListStates<T extends { articles: readonly unknown[] }>({
  result: { data, error, isLoading, refetch },
  skeletons,
  errorTitle,
  emptyTitle,
  children,
}: Props<T>) {
  if (isLoading) {
    return (
      <div className="card-grid">
        {Array.from({ length: skeletons }, (_, i) => (
          <ArticleCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (error && !data) {
    return (
      <ErrorState
        title={errorTitle}
        message={error.message}
        onRetry={() => void refetch()}
        retryLabel={COMMON.retry}
      />
    );
  }
  if (!data) return null;
  if (data.articles.length === 0) return <EmptyState title={emptyTitle} />;
  return <>{children(data)}</>;
}
