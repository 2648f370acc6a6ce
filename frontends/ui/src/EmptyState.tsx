import type { ReactNode } from 'react';

/** A list that loaded and has nothing in it. */
export function EmptyState({
  title,
  message,
  children,
}: {
  title: string;
  message?: string;
  children?: ReactNode;
}) {
  return (
    <div className="state state--empty">
      <p className="state__title">{title}</p>
      {message && <p className="state__message">{message}</p>}
      {children}
    </div>
  );
}
