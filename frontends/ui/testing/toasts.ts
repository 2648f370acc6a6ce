// Toasts raised through the shared toast() (a window 'pulse:toast' event), collected for assertions.
export function collectToasts(): Array<{ title: string; description?: string; variant?: string }> {
  const toasts: Array<{ title: string; description?: string; variant?: string }> = [];
  window.addEventListener('pulse:toast', (event) => toasts.push((event as CustomEvent).detail));
  return toasts;
}
