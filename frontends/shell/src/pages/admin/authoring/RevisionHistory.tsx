import type { AuthoringRevision, AuthoringRevisionsResponse } from '@pulse/contracts';
import { formatDateTime, Spinner } from '@pulse/frontend-ui';
import { useEffect, useState } from 'react';
import { adminErrorText, adminFetch } from '../admin-session';
import { FIELD_LABELS, itemApi, REVISION_LABELS, type AuthoringKind } from './authoring-labels';

/** An item's saved changes, newest first: who, when, what and which fields; re-read when `version` moves. */
export function RevisionHistory({ kind, id, version }: { kind: AuthoringKind; id: string; version: number }) {
  const [revisions, setRevisions] = useState<AuthoringRevision[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setError(null);
    adminFetch<AuthoringRevisionsResponse>(`${itemApi(kind, id)}/revisions`).then(
      (answer) => current && setRevisions(answer.items),
      (failure: unknown) => current && setError(adminErrorText(failure)),
    );
    return () => {
      current = false;
    };
  }, [kind, id, version]);

  return (
    <section className="authoring__history" aria-labelledby={`history-${id}`}>
      <h3 id={`history-${id}`}>변경 이력</h3>
      {error && <p role="alert">변경 이력을 불러오지 못했습니다. {error}</p>}
      {!error && revisions === null && <Spinner />}
      {revisions?.length === 0 && <p className="admin__meta">아직 기록된 변경이 없습니다.</p>}
      {revisions && revisions.length > 0 && (
        <ol className="admin__history" aria-label="변경 이력">
          {revisions.map((revision) => (
            <li key={revision.id}>
              <time dateTime={revision.at}>{formatDateTime(revision.at)}</time> · {revision.by.name} ·{' '}
              {REVISION_LABELS[revision.action]}
              {revision.fields.length > 0 &&
                revision.action !== 'publish' &&
                revision.action !== 'withdraw' &&
                ` (${revision.fields.map((field) => FIELD_LABELS[field] ?? field).join(', ')})`}
              {revision.reason && ` — 사유: ${revision.reason}`}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
