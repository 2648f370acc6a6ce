import { EmptyState, EndSentinel, ErrorState, Spinner } from '@pulse/frontend-ui';
import { COPY } from '../copy';

interface Props {
  count: number;
  hasMore: boolean;
  isLoading: boolean;
  isLoadingMore: boolean;
  error: Error | undefined;
  loadMore: () => void;
  emptyText: string;
  endText: string;
}

/**
 * What follows the cards of an infinite list (docs/spec-content.md §4 'Lists'): spinner on the first load, the error
 * with a retry, the empty state, the sentinel and 'fetching next' while more may come, the end message.
 */
export function ListFooter({
  count,
  hasMore,
  isLoading,
  isLoadingMore,
  error,
  loadMore,
  emptyText,
  endText,
}: Props) {
  if (isLoading) return <Spinner label={COPY.list.loading} />;
  if (error) return <ErrorState title={COPY.list.error} message={error.message} onRetry={loadMore} />;
  if (count === 0) return <EmptyState title={emptyText} />;
  return (
    <>
      {hasMore && <EndSentinel active={!isLoadingMore} onVisible={loadMore} itemCount={count} />}
      {isLoadingMore && <Spinner label={COPY.list.loadingMore} />}
      {!hasMore && (
        <p className="list-end" role="status">
          {endText}
        </p>
      )}
    </>
  );
}
