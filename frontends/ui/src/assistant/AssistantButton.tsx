import { useEffect, useRef, useState } from 'react';
import { NicknameDialog, useCurrentUser } from '../community';
import { ASSISTANT_COPY as COPY } from './copy';
import { LazyAssistantPanel } from './LazyAssistantPanel';

/**
 * The floating assistant button on article pages (the shell's /article/{id} and the news remote's detail
 * share it). Opens the assistant on the current article; without an identity, the nickname dialog first.
 * Escape closes the panel and gives focus back to the button.
 */
export function AssistantButton({ articleId }: { articleId: string }) {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [askName, setAskName] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="assistant-float">
      {open && user && (
        <div className="assistant-float__panel" role="dialog" aria-modal="false" aria-label={COPY.title}>
          <button
            type="button"
            className="assistant-float__close"
            aria-label={COPY.close}
            onClick={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
          >
            ×
          </button>
          <LazyAssistantPanel context={{ articleId }} />
        </div>
      )}
      <button
        ref={buttonRef}
        type="button"
        className="assistant-float__button"
        aria-expanded={open}
        onClick={() => (user ? setOpen((was) => !was) : setAskName(true))}
      >
        {COPY.open}
      </button>
      <NicknameDialog
        open={askName}
        onClose={() => setAskName(false)}
        onSignedIn={() => {
          setAskName(false);
          setOpen(true);
        }}
      />
    </div>
  );
}
