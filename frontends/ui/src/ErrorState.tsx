import type { ReactNode } from 'react';

interface Props {
  title: string;
  message?: string;
  /** Shown as a '다시 시도' button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  children?: ReactNode;
}

/** A failed load, said plainly, with the error's message and a way to try again. */
export function ErrorState({ title, message, onRetry, retryLabel = '다시 시도', children }: Props) {
  return (
    <div className="state state--error" role="alert">
      <p className="state__title">{title}</p>
      {message && <p className="state__message">{message}</p>}
      {children}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}
