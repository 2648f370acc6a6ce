import { COMMUNITY_LIMITS } from '@pulse/contracts/src/api/community-constants';
import { useId, useState } from 'react';
import { COPY } from '../copy';
import { EDIT_COPY } from '../edit-copy';
import { MarkdownHint } from '../markdown';
import { LazyMarkdownPreview } from '../lazy-preview';
import { TabButtons, WRITE_PREVIEW_TABS } from '../TabButtons';

/** What an edit sends: an answer has only content; a question may change its title and tags too. */
export interface PostDraft {
  title?: string;
  content: string;
  tags?: string[];
}

const tagsOf = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * The inline edit form of one's own question or answer, in place of its body. `save` sends the draft and
 * rejects with the server's reason, shown here; the draft stays until it is saved or cancelled.
 */
export function PostEditor({
  initial,
  label,
  save,
  onCancel,
}: {
  initial: PostDraft;
  label: string;
  save: (draft: PostDraft) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(initial.title ?? '');
  const [content, setContent] = useState(initial.content);
  const [tags, setTags] = useState((initial.tags ?? []).join(', '));
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isQuestion = initial.title !== undefined;
  const bounds = isQuestion ? COMMUNITY_LIMITS.questionContent : COMMUNITY_LIMITS.answer;
  const valid =
    content.trim().length >= bounds.min &&
    content.trim().length <= bounds.max &&
    (!isQuestion || title.trim().length >= COMMUNITY_LIMITS.questionTitle.min);

  const submit = async () => {
    if (!valid || sending) return;
    setSending(true);
    setError(null);
    try {
      await save(
        isQuestion
          ? { title: title.trim(), content: content.trim(), tags: tagsOf(tags) }
          : { content: content.trim() },
      );
    } catch (failure) {
      setError(`${EDIT_COPY.editFailed} ${failure instanceof Error ? `(${failure.message})` : ''}`.trim());
      setSending(false);
    }
  };

  return (
    <form
      className="qa-editor"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {isQuestion && (
        <label className="qa-field">
          {COPY.titleLabel}
          <input
            value={title}
            maxLength={COMMUNITY_LIMITS.questionTitle.max}
            onChange={(e) => setTitle(e.target.value)}
          />
        </label>
      )}
      <TabButtons tabs={WRITE_PREVIEW_TABS} selected={mode} onSelect={setMode} />
      {mode === 'write' ? (
        <>
          <label htmlFor={`${id}-content`} className="sr-only">
            {COPY.contentLabel}
          </label>
          <textarea
            id={`${id}-content`}
            className="qa-textarea"
            value={content}
            maxLength={bounds.max}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setContent(event.target.value)}
          />
          <MarkdownHint id={`${id}-hint`} />
        </>
      ) : (
        <LazyMarkdownPreview text={content} />
      )}
      {isQuestion && (
        <label className="qa-field">
          {EDIT_COPY.tagsCommaLabel}
          <input value={tags} onChange={(event) => setTags(event.target.value)} />
        </label>
      )}
      <div className="qa-composer__footer">
        <button type="button" className="button button--outline" onClick={onCancel}>
          {COPY.cancel}
        </button>
        <button type="submit" className="button" disabled={!valid || sending}>
          {sending ? EDIT_COPY.saving : EDIT_COPY.save}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
