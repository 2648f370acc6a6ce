import type { PostVersion } from '@pulse/contracts';
import { PostedTime } from '@pulse/frontend-ui';
import { useState } from 'react';
import { fetchRevisions } from '../api';
import { COPY } from '../copy';

type Loaded = { versions?: PostVersion[]; failed?: boolean };

/**
 * '수정 기록': a disclosure (a native <details>, so keyboards and screen readers open it as they open any)
 * listing every version of an edited post, newest first, each with its time, what it changed and its text.
 * Read from the server each time it opens, so it follows the post's latest edit (`editedAt`).
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
  const [loaded, setLoaded] = useState<Loaded & { for?: string }>({});
  const current = loaded.for === editedAt ? loaded : {};
  const open = () => {
    fetchRevisions(kind, id).then(
      ({ data }) => setLoaded({ for: editedAt, versions: data.versions }),
      () => setLoaded({ for: editedAt, failed: true }),
    );
  };
  return (
    <details
      className="qa-history"
      onToggle={(event) => {
        if (event.currentTarget.open) open();
      }}
    >
      <summary>{COPY.history}</summary>
      {current.failed ? (
        <p className="form-error" role="alert">
          {COPY.historyFailed}
        </p>
      ) : !current.versions ? (
        <p aria-busy="true">{COPY.historyLoading}</p>
      ) : (
        <ol className="qa-history__list">
          {current.versions.map((version, index) => (
            <li key={version.version} className="qa-history__version">
              <p className="qa-history__meta">
                <strong>{COPY.version(version.version)}</strong>
                {index === 0 && <span className="qa-chip">{COPY.current}</span>}{' '}
                <PostedTime value={version.writtenAt} />{' '}
                <span>
                  {version.changed.length
                    ? COPY.changed(version.changed.map((field) => COPY.fieldNames[field]))
                    : COPY.firstVersion}
                </span>
              </p>
              {version.title !== undefined && <p className="qa-history__title">{version.title}</p>}
              {version.tags && (
                <p className="qa-card__tags">
                  {version.tags.map((tag) => `#${typeof tag === 'string' ? tag : tag.name}`).join(' ')}
                </p>
              )}
              <pre className="qa-history__text">{version.content}</pre>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
