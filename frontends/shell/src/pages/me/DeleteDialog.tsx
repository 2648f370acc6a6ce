import { DELETE_ME_CONFIRMATION } from '@pulse/contracts/src/api/community-me';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ME } from './me-copy';

/** The confirmation before deleting the nickname: the reader types the confirmation word. */
export function DeleteDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  /** Rejects with the server's error, shown in the dialog. */
  onConfirm: () => Promise<void>;
}) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    setTyped('');
    setError(null);
    input.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed !== DELETE_ME_CONFIRMATION || busy) return;
    setBusy(true);
    onConfirm()
      .catch((failure: Error) => setError(failure.message))
      .finally(() => setBusy(false));
  };
  return (
    <div
      className="modal-backdrop"
      role="presentation"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="modal" role="alertdialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{ME.deleteConfirmTitle}</h2>
        <p>{ME.deleteText}</p>
        <form onSubmit={submit} noValidate>
          <label htmlFor={`${id}-input`}>{ME.deleteConfirmLabel}</label>
          <input
            id={`${id}-input`}
            ref={input}
            type="text"
            value={typed}
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
          />
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="modal__actions">
            <button type="button" className="button button--outline" onClick={onClose}>
              {ME.cancel}
            </button>
            <button
              type="submit"
              className="button button--danger"
              disabled={typed !== DELETE_ME_CONFIRMATION || busy}
            >
              {busy ? ME.deleting : ME.deleteConfirm}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
