/**
 * Toasts across bundles: the shell renders the one <Toaster/> and listens for this window event, so a
 * remote (a separate bundle with its own copy of this module) raises a toast without sharing any state.
 */
export const TOAST_EVENT = 'pulse:toast';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export function toast(options: ToastOptions): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<ToastOptions>(TOAST_EVENT, { detail: options }));
}

/** Listens for toasts; returns the function that stops listening. */
export function onToast(listener: (options: ToastOptions) => void): () => void {
  const handler = (event: Event) => {
    const detail = (event as CustomEvent<ToastOptions>).detail;
    if (detail && typeof detail.title === 'string') listener(detail);
  };
  window.addEventListener(TOAST_EVENT, handler);
  return () => window.removeEventListener(TOAST_EVENT, handler);
}
