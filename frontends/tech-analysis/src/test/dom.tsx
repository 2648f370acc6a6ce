// Helpers for component tests on the linkedom DOM of dom-env.ts: render inside a router, find by role and
// text, click, wait for asynchronous effects with a deadline, and drive IntersectionObserver by hand.
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

let mounted: { root: Root; container: HTMLElement } | null = null;
let currentPath = '';

function LocationProbe() {
  const { pathname, search } = useLocation();
  currentPath = pathname + search;
  return null;
}

/** Renders `element` at `url`, mounted under `route` (a splat path, as the shell mounts remotes). */
export async function render(element: ReactElement, url: string, route = '/*'): Promise<HTMLElement> {
  cleanup();
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  mounted = { root, container };
  await act(async () => {
    root.render(
      <MemoryRouter initialEntries={[url]}>
        <LocationProbe />
        <Routes>
          <Route path={route} element={element} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>,
    );
  });
  return container;
}

/** The router's current path and query, e.g. after a <Navigate>. */
export const location = (): string => currentPath;

export function cleanup(): void {
  if (!mounted) return;
  const { root, container } = mounted;
  act(() => root.unmount());
  container.remove();
  mounted = null;
}

const textOf = (el: Element): string => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

/** All elements matching `selector` whose text or aria-label contains `text`. */
export function queryAll(selector: string, text?: string | RegExp): HTMLElement[] {
  const root = mounted?.container ?? document.body;
  const all = [...root.querySelectorAll(selector)] as HTMLElement[];
  if (text === undefined) return all;
  return all.filter((el) => {
    const label = `${textOf(el)} ${el.getAttribute('aria-label') ?? ''}`;
    return typeof text === 'string' ? label.includes(text) : text.test(label);
  });
}

export function get(selector: string, text?: string | RegExp): HTMLElement {
  const found = queryAll(selector, text);
  if (found.length === 0) throw new Error(`no ${selector}${text ? ` with "${text}"` : ''} in: ${pageText()}`);
  return found[0];
}

export const pageText = (): string => textOf(mounted?.container ?? document.body);

export async function click(el: Element): Promise<void> {
  await act(async () => {
    el.dispatchEvent(new Event('click', { bubbles: true, cancelable: true }));
  });
}

/** Fires a non-bubbling element event such as an image's 'error' or 'load'. */
export async function fire(el: Element, type: string): Promise<void> {
  await act(async () => {
    el.dispatchEvent(new Event(type));
  });
}

/** Polls `check` inside act() until it passes or the deadline runs out (the pattern of libs/testing). */
export async function waitFor<T>(check: () => T, timeoutMs = 2_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      let result!: T;
      await act(async () => {
        result = check();
      });
      return result;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
    }
  }
}

/** A hand-driven IntersectionObserver: tests decide when an observed element becomes visible. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(el: Element): void {
    this.observed.add(el);
  }
  unobserve(el: Element): void {
    this.observed.delete(el);
  }
  disconnect(): void {
    this.disconnected = true;
    this.observed.clear();
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  /** Reports every observed element at `ratio` of visibility. */
  async show(ratio = 1): Promise<void> {
    const entries = [...this.observed].map(
      (target) =>
        ({ target, isIntersecting: ratio > 0, intersectionRatio: ratio }) as IntersectionObserverEntry,
    );
    await act(async () => this.callback(entries, this as unknown as IntersectionObserver));
  }
  static install(): void {
    FakeIntersectionObserver.instances = [];
    (globalThis as Record<string, unknown>).IntersectionObserver = FakeIntersectionObserver;
  }
  /** The live observer watching the element that matches `selector`. */
  static watching(selector: string): FakeIntersectionObserver {
    const el = document.querySelector(selector);
    const found = FakeIntersectionObserver.instances.find((o) => !o.disconnected && el && o.observed.has(el));
    if (!found) throw new Error(`no observer is watching ${selector}`);
    return found;
  }
}

/** Toasts raised through the shared toast() (a window 'pulse:toast' event), collected for assertions. */
export function collectToasts(): Array<{ title: string; description?: string; variant?: string }> {
  const toasts: Array<{ title: string; description?: string; variant?: string }> = [];
  window.addEventListener('pulse:toast', (event) => toasts.push((event as CustomEvent).detail));
  return toasts;
}
