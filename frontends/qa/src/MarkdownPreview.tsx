import { ApiError } from '@pulse/frontend-ui';
import { useEffect, useState } from 'react';
import { previewMarkdown } from './api';
import { COPY } from './copy';
import { EDIT_COPY } from './edit-copy';
import { PostBody } from './markdown';

type Shown = { text: string; html?: string; failed?: string };

/**
 * The draft as readers will see it, rendered by the server (the renderer never ships to the browser). Asked
 * for each time the preview opens on a changed draft; a failure shows the text as written and why.
 */
export default function MarkdownPreview({ text }: { text: string }) {
  const [shown, setShown] = useState<Shown>();
  const draft = text.trim();
  useEffect(() => {
    if (!draft) return undefined;
    let live = true;
    previewMarkdown(draft).then(
      ({ data }) => live && setShown({ text: draft, html: data.html }),
      (error: unknown) =>
        live &&
        setShown({
          text: draft,
          failed:
            error instanceof ApiError && error.status === 401
              ? EDIT_COPY.previewNeedsNickname
              : EDIT_COPY.previewFailed,
        }),
    );
    return () => {
      live = false;
    };
  }, [draft]);
  if (!draft) return <div className="qa-preview">{COPY.previewEmpty}</div>;
  if (shown?.text !== draft)
    return (
      <div className="qa-preview" aria-busy="true">
        {COPY.previewLoading}
      </div>
    );
  return (
    <div className="qa-preview">
      {shown.failed && <p className="hint">{shown.failed}</p>}
      <PostBody html={shown.html} text={draft} />
    </div>
  );
}
