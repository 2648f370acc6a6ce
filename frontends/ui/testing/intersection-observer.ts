// A hand-driven IntersectionObserver (jsdom has none): tests decide when an observed element becomes visible.
import { act } from '@testing-library/react';

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
  /** The live observer watching `target` (an element, or the selector of one with no role to find it by). */
  static watching(target: Element | string): FakeIntersectionObserver {
    const el = typeof target === 'string' ? document.querySelector(target) : target;
    const found = FakeIntersectionObserver.instances.find((o) => !o.disconnected && el && o.observed.has(el));
    if (!found) throw new Error(`no observer is watching ${String(target)}`);
    return found;
  }
}
