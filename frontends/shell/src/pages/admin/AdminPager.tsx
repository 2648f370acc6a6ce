/**
 * Previous / page of pages / next for the admin queues, which page in component state (an operator's
 * working list, not a shareable URL; the readers' lists use components/Pagination.tsx). Nothing for one page.
 */
export function AdminPager({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className="admin__actions" aria-label="페이지">
      <button
        type="button"
        className="button button--outline"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        이전
      </button>
      <span>
        {page} / {totalPages}
      </span>
      <button
        type="button"
        className="button button--outline"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        다음
      </button>
    </nav>
  );
}
