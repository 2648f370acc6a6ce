// Jest setup for component tests: a browser-like global DOM from linkedom (already a dependency), since the
// repository has no jsdom. React renders into it and its events bubble as in a browser. What linkedom lacks
// and the remote uses (sessionStorage, IntersectionObserver, window.open, the clipboard) is stubbed here or
// in dom.tsx, where tests can drive it.
import { parseHTML } from 'linkedom';

const { window } = parseHTML('<!doctype html><html lang="ko"><head></head><body></body></html>');

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

const sessionStorage = new MemoryStorage();
const win = window as unknown as Record<string, unknown>;
win.sessionStorage = sessionStorage;
win.localStorage = new MemoryStorage();
win.location = new URL('http://localhost/');
// Not a Chrome or Firefox user agent, so React does not advertise its DevTools in every test run. Tests
// add what they need (clipboard, share).
const navigator: Record<string, unknown> = {
  userAgent: 'linkedom (Pulse component tests)',
  language: 'ko-KR',
};
win.navigator = navigator;
win.open = () => null;
win.scrollTo = () => undefined;

// linkedom's own event classes: Node's native Event cannot be dispatched on linkedom targets.
const MouseEvent = win.MouseEvent ?? win.Event;
Object.assign(globalThis, {
  window,
  document: window.document,
  navigator,
  sessionStorage,
  localStorage: win.localStorage,
  HTMLElement: window.HTMLElement,
  HTMLImageElement: window.HTMLImageElement,
  Element: window.Element,
  Node: window.Node,
  Event: window.Event,
  CustomEvent: window.CustomEvent,
  MouseEvent,
  IS_REACT_ACT_ENVIRONMENT: true,
});
