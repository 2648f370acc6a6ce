import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { GatedAction } from '../use-identity-gate';
import { COMMENTS_COPY as COPY } from './copy';

export interface CommentComposerProps {
  label: string;
  placeholder?: string;
  min: number;
  max: number;
  initial?: string;
  submitLabel?: string;
  /** Sends the trimmed text; resolves false when it failed, and the draft comes back. */
  onSubmit: (text: string) => Promise<boolean>;
  /** Runs the send once the reader has an identity (the nickname dialog opens first otherwise). */
  require: (action: GatedAction) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/**
 * A comment, reply or edit box (docs/spec-community.md §2): a live counter, a red hint under the minimum, submit
 * disabled out of bounds (and, when editing, while the text is unchanged), Ctrl/Cmd+Enter to send.
 */
export function CommentComposer(props: CommentComposerProps) {
  const { label, placeholder, min, max, initial = '', submitLabel = COPY.submit } = props;
  const [draft, setDraft] = useState(initial);
  const [sending, setSending] = useState(false);
  const current = useRef(draft);
  current.current = draft;
  const id = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const focusFirst = useRef(props.autoFocus);
  useEffect(() => {
    // A reply or edit box opened by a button takes the focus, so a keyboard reader lands in it.
    if (focusFirst.current) input.current?.focus();
  }, []);
  const length = draft.trim().length;
  const valid = length >= min && length <= max && (initial === '' || draft.trim() !== initial.trim());

  const send = () => {
    if (!valid || sending) return;
    props.require(() => {
      const text = current.current.trim();
      setSending(true);
      // Cleared at once (the comment appears optimistically); put back if the server refused it.
      if (!initial) setDraft('');
      void props.onSubmit(text).then((ok) => {
        setSending(false);
        if (!ok && !initial) setDraft((now) => (now === '' ? text : now));
      });
    });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  };

  return (
    <div className="comment-composer">
      <label htmlFor={`${id}-input`} className="sr-only">
        {label}
      </label>
      <textarea
        id={`${id}-input`}
        className="comment-composer__input"
        value={draft}
        maxLength={max}
        placeholder={placeholder}
        aria-describedby={`${id}-hint ${id}-count`}
        ref={input}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="comment-composer__footer">
        <span
          id={`${id}-hint`}
          className={length > 0 && length < min ? 'hint hint--error' : 'hint'}
          aria-live="polite"
        >
          {length > 0 && length < min ? COPY.tooShort(min) : COPY.shortcut}
        </span>
        <span id={`${id}-count`} className="comment-composer__count">
          {length}/{max}
        </span>
        {props.onCancel && (
          <button type="button" className="button button--outline" onClick={props.onCancel}>
            {COPY.cancel}
          </button>
        )}
        <button type="button" className="button" disabled={!valid || sending} onClick={send}>
          {sending ? COPY.submitting : submitLabel}
        </button>
      </div>
    </div>
  );
}
