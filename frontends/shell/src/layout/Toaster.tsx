import { onToast, type ToastOptions } from '@pulse/frontend-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TOASTER } from '../copy';

interface ShownToast extends ToastOptions {
  id: number;
}

/** How long a toast stays; an error stays longer, so it can be read. */
export const TOAST_DURATION_MS = { default: 4_000, destructive: 7_000 } as const;
const MAX_TOASTS = 3;

/**
 * Renders the toasts any bundle raises with toast() from @pulse/frontend-ui (a window event). The list is
 * a polite live region, so screen readers read each new toast; an error toast is an alert.
 */
export function Toaster() {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((shown) => shown.filter((t) => t.id !== id));
  }, []);

  useEffect(() => {
    const pending = timers.current;
    const stop = onToast((options) => {
      const id = ++nextId.current;
      setToasts((shown) => [...shown, { ...options, id }].slice(-MAX_TOASTS));
      pending.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS[options.variant ?? 'default']),
      );
    });
    return () => {
      stop();
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, [dismiss]);

  return (
    <section className="toaster" aria-label={TOASTER.region}>
      <ol aria-live="polite" aria-relevant="additions text">
        {toasts.map((t) => (
          <li
            key={t.id}
            className={`toast toast--${t.variant ?? 'default'}`}
            role={t.variant === 'destructive' ? 'alert' : 'status'}
            data-testid="toast"
          >
            <div>
              <p className="toast__title">{t.title}</p>
              {t.description && <p className="toast__description">{t.description}</p>}
            </div>
            <button
              type="button"
              className="toast__close"
              aria-label={TOASTER.dismiss}
              onClick={() => dismiss(t.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
