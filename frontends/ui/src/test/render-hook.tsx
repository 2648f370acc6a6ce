// Renders a hook in a linkedom document (already a dependency; the repository has no jsdom) so the
// library's hooks are tested with their effects running, as in a browser.
import { parseHTML } from 'linkedom';
import { act } from 'react';

const { window } = parseHTML('<!doctype html><html><body></body></html>');
(window as unknown as Record<string, unknown>).location = new URL('http://localhost/');
Object.assign(globalThis, {
  window,
  document: window.document,
  Node: window.Node,
  HTMLElement: window.HTMLElement,
  IS_REACT_ACT_ENVIRONMENT: true,
  __REACT_DEVTOOLS_GLOBAL_HOOK__: { isDisabled: true },
});

export interface HookHandle<T> {
  /** The hook's latest return value. */
  readonly current: T;
  rerender(): Promise<void>;
  unmount(): void;
}

export async function renderHook<T>(hook: () => T): Promise<HookHandle<T>> {
  // Imported after the globals exist: react-dom reads the environment when it loads.
  const { createRoot } = await import('react-dom/client');
  let current!: T;
  function Probe() {
    current = hook();
    return null;
  }
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(<Probe />));
  return {
    get current() {
      return current;
    },
    rerender: () => act(async () => root.render(<Probe />)),
    unmount: () => act(() => root.unmount()),
  };
}

/** Calls something that updates a hook's state (loadMore, refetch) the way an event handler would. */
export const run = (fn: () => unknown): Promise<void> => act(async () => void (await fn()));

/** Polls `check` inside act() until it passes or the deadline runs out (the libs/testing pattern). */
export async function waitFor(check: () => void, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await act(async () => check());
      return;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    }
  }
}
