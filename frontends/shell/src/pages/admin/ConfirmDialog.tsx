import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  message: string;
  confirmLabel: string;
  /** Disables the confirm button, e.g. while a required reason is empty or the request runs. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}

/**
 * A modal asking before an admin action that publishes or discards. Focus moves into it and returns to
 * where it was when it closes; Escape and the backdrop cancel.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  confirmDisabled,
  onConfirm,
  onCancel,
  children,
}: Props) {
  const titleId = useId();
  const messageId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = dialog.current?.querySelector<HTMLElement>('textarea, input, button');
    first?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onCancel();
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [onCancel]);

  return (
    // The backdrop only catches a pointer press outside the dialog; Escape (the keydown listener above)
    // is the keyboard's way out, so the backdrop itself has no role.
    <div
      className="modal-backdrop"
      role="presentation"
      onMouseDown={(event) => event.target === event.currentTarget && onCancel()}
    >
      <div
        ref={dialog}
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
      >
        <h2 id={titleId}>{title}</h2>
        <p id={messageId}>{message}</p>
        {children}
        <div className="modal__actions">
          <button type="button" className="button button--outline" onClick={onCancel}>
            취소
          </button>
          <button type="button" className="button" disabled={confirmDisabled} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
