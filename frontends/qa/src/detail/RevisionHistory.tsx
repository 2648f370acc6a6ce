import { lazy, Suspense, useState } from 'react';
import { COPY } from '../copy';

const RevisionList = lazy(() => import('./RevisionList'));

/**
 * '수정 기록': a disclosure (a native <details>, so keyboards and screen readers open it as they open any).
 * The list of versions loads and is read when it opens, again for each opening and each new edit.
 */
export function RevisionHistory({
  kind,
  id,
  editedAt,
}: {
  kind: 'questions' | 'answers';
  id: string;
  editedAt: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details className="qa-history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{COPY.history}</summary>
      {open && (
        <Suspense fallback={<p aria-busy="true">{COPY.historyLoading}</p>}>
          <RevisionList key={editedAt} kind={kind} id={id} />
        </Suspense>
      )}
    </details>
  );
}
