import type { Answer } from '@pulse/contracts';
import type { GatedAction } from '@pulse/frontend-ui';
import { COMMUNITY_LIMITS } from '@pulse/contracts/src/api/community-constants';
import { useId, useState, type KeyboardEvent } from 'react';
import { postAnswer } from '../api';
import { COPY } from '../copy';
import { MarkdownHint } from '../markdown';
import { LazyMarkdownPreview } from '../lazy-preview';
import { TabButtons, WRITE_PREVIEW_TABS } from '../TabButtons';

const { min, max } = COMMUNITY_LIMITS.answer;

/**
 * Write/preview, a counter, a red hint under the minimum, Ctrl/Cmd+Enter; without an identity `require`
 * opens the nickname dialog first. A failed answer keeps the draft and says so (no local stand-in).
 */
export function AnswerComposer({
  questionId,
  require,
  onPosted,
}: {
  questionId: string;
  require: (action: GatedAction) => void;
  onPosted: (answer: Answer) => void;
}) {
  const [draft, setDraft] = useState('');
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const length = draft.trim().length;
  const valid = length >= min && length <= max;

  const send = () =>
    require(async () => {
      if (!valid || sending) return;
      setSending(true);
      setError(null);
      try {
        const { data } = await postAnswer(questionId, draft.trim());
        setDraft('');
        setMode('write');
        onPosted(data);
      } catch (failure) {
        setError(`${COPY.answerFailed} ${failure instanceof Error ? `(${failure.message})` : ''}`.trim());
      } finally {
        setSending(false);
      }
    });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  };

  return (
    <section className="qa-composer" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{COPY.answerLabel}</h3>
      <TabButtons tabs={WRITE_PREVIEW_TABS} selected={mode} onSelect={setMode} />
      <label htmlFor={`${id}-input`} className="sr-only">
        {COPY.answerLabel}
      </label>
      {mode === 'write' ? (
        <textarea
          id={`${id}-input`}
          className="qa-textarea"
          value={draft}
          maxLength={max}
          placeholder={COPY.answerPlaceholder}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
      ) : (
        <LazyMarkdownPreview text={draft} />
      )}
      {mode === 'write' && <MarkdownHint id={`${id}-hint`} />}
      <div className="qa-composer__footer">
        <span className={length > 0 && length < min ? 'hint hint--error' : 'hint'} aria-live="polite">
          {length > 0 && length < min ? COPY.answerTooShort(min) : ''}
        </span>
        <span className="qa-counter">
          {length}/{max}
        </span>
        <button type="button" className="button" disabled={!valid || sending} onClick={send}>
          {sending ? COPY.submitting : COPY.submitAnswer}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
