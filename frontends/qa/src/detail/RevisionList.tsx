import type { PostVersion } from '@pulse/contracts';
import { PostedTime } from '@pulse/frontend-ui';
import { useEffect, useState } from 'react';
import { fetchRevisions } from '../api';
import { COPY } from '../copy';
import { EDIT_COPY } from '../edit-copy';

/**
 * The kept versions of an edited post, newest first, each with its time, what it changed and its text (as
 * written, not rendered). Read from the server when shown, so it follows the post's latest edit. The server
 * keeps a post's newest versions only; when the oldest shown is not the first, the list says how many
 * earlier ones are gone.
 */
export default function RevisionList({ kind, id }: { kind: 'questions' | 'answers'; id: string }) {
  const [loaded, setLoaded] = useState<{ versions?: PostVersion[]; failed?: boolean }>({});
  useEffect(() => {
    let live = true;
    fetchRevisions(kind, id).then(
      ({ data }) => live && setLoaded({ versions: data.versions }),
      () => live && setLoaded({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [kind, id]);
  if (loaded.failed)
    return (
      <p className="form-error" role="alert">
        {EDIT_COPY.historyFailed}
      </p>
    );
  if (!loaded.versions) return <p aria-busy="true">{COPY.historyLoading}</p>;
  const notKept = (loaded.versions.at(-1)?.version ?? 1) - 1;
  return (
    <>
      <ol className="qa-history__list">
        {loaded.versions.map((version, index) => (
          <li key={version.version} className="qa-history__version">
            <p className="qa-history__meta">
              <strong>{EDIT_COPY.version(version.version)}</strong>
              {index === 0 && <span className="qa-chip">{EDIT_COPY.current}</span>}{' '}
              <PostedTime value={version.writtenAt} />{' '}
              <span>
                {version.changed.length
                  ? EDIT_COPY.changed(version.changed.map((field) => EDIT_COPY.fieldNames[field]))
                  : EDIT_COPY.firstVersion}
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
      {notKept > 0 && <p className="qa-history__meta">{EDIT_COPY.olderNotKept(notKept)}</p>}
    </>
  );
}
