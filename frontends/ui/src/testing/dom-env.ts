// Jest setup file for the front ends' component tests (each frontend's jest.config.js lists it in
// setupFiles): a browser-like global DOM built on linkedom (already a dependency; the repository has no
// jsdom). React renders into it and its events bubble as in a browser. What linkedom lacks and the pages
// use (storage, matchMedia, scrolling, window.open) is stubbed here so tests can drive it; IntersectionObserver,
// the clipboard and navigator.share are installed by the tests that need them (see dom.tsx).
import { parseHTML } from 'linkedom';

const { window } = parseHTML('<!doctype html><html lang="ko"><head></head><body></body></html>');
const win = window as unknown as Record<string, unknown>;

class MemoryStorage {
  private items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
}

/** The simulated device a test starts from; cleanup() in dom.tsx puts it back. */
export const DESKTOP = {
  width: 1280,
  touch: false,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
} as const;

/** What tests change to simulate a device: viewport width, touch support, user agent. */
export const device: { width: number; touch: boolean; userAgent: string } = { ...DESKTOP };

Object.defineProperty(window, 'innerWidth', { get: () => device.width, configurable: true });
// linkedom hands out a new navigator on each read; one object that follows `device` replaces it. Tests
// add what they need to it (clipboard, share).
const navigator = {
  get userAgent() {
    return device.userAgent;
  },
  get maxTouchPoints() {
    return device.touch ? 5 : 0;
  },
  language: 'ko-KR',
};
Object.defineProperty(window, 'navigator', { get: () => navigator, configurable: true });
win.location = new URL('http://localhost/');
win.sessionStorage = new MemoryStorage();
win.localStorage = new MemoryStorage();
win.scrollY = 0;
win.scrollTo = (x: number, y: number) => {
  win.scrollY = typeof x === 'object' ? ((x as { top?: number }).top ?? 0) : y;
};
win.open = () => null;
win.screenX = 0;
win.screenY = 0;
win.outerWidth = 1280;
win.outerHeight = 800;
// A max-width query, evaluated against device.width when asked (enough for the 768 px breakpoint).
win.matchMedia = (query: string) => {
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  return {
    media: query,
    get matches() {
      return max ? device.width <= Number(max[1]) : false;
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
};
// React decides at load time whether the browser supports the 'input' event by looking for document.oninput.
(window.document as unknown as Record<string, unknown>).oninput = null;

Object.assign(globalThis, {
  window,
  document: window.document,
  navigator,
  location: win.location,
  sessionStorage: win.sessionStorage,
  localStorage: win.localStorage,
  HTMLElement: window.HTMLElement,
  HTMLImageElement: window.HTMLImageElement,
  HTMLInputElement: window.HTMLInputElement,
  Element: window.Element,
  Node: window.Node,
  // linkedom's own event classes: Node's native Event cannot be dispatched on linkedom targets.
  Event: window.Event,
  CustomEvent: window.CustomEvent,
  MouseEvent: win.MouseEvent ?? window.Event,
  KeyboardEvent: win.KeyboardEvent ?? window.Event,
  IS_REACT_ACT_ENVIRONMENT: true,
  // Keeps react-dom from advertising its DevTools in every test's output.
  __REACT_DEVTOOLS_GLOBAL_HOOK__: { isDisabled: true },
});
