// The hook specs' handle on Testing Library's renderHook (jsdom, from testing/jest-preset.js): the
// hook's latest value as `current`, and its effects run as in a browser. Kept as a thin adapter so the
// API specs read the same; new specs can use @testing-library/react directly.
import {
  act,
  renderHook as renderWithTestingLibrary,
  waitFor as waitForTestingLibrary,
} from '@testing-library/react';

export interface HookHandle<T> {
  /** The hook's latest return value. */
  readonly current: T;
  rerender(): Promise<void>;
  unmount(): void;
}

export async function renderHook<T>(hook: () => T): Promise<HookHandle<T>> {
  let handle!: ReturnType<typeof renderWithTestingLibrary<T, unknown>>;
  await act(async () => {
    handle = renderWithTestingLibrary(hook);
  });
  return {
    get current() {
      return handle.result.current;
    },
    rerender: () => act(async () => handle.rerender()),
    unmount: () => handle.unmount(),
  };
}

/** Calls something that updates a hook's state (loadMore, refetch) the way an event handler would. */
export const run = (fn: () => unknown): Promise<void> => act(async () => void (await fn()));

/** Polls `check` until it passes or the deadline runs out (Testing Library's waitFor; the libs/testing pattern). */
export async function waitFor(check: () => void, timeoutMs = 2_000): Promise<void> {
  await waitForTestingLibrary(check, { timeout: timeoutMs });
}
