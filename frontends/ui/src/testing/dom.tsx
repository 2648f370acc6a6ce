// Helpers for the front ends' component tests on the linkedom DOM of dom-env.ts: render inside a router,
// find elements by role-ish selectors and text, type, click, submit, wait with a deadline, drive
// IntersectionObserver by hand and collect toasts.
import { act, cleanup as unmountAll } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderAt } from './router';

export async function render(element: ReactElement, url = '/', route = '/*'): Promise<HTMLElement> {
  let container!: HTMLElement;
  await act(async () => {
    container = renderAt(element, url, route).container as HTMLElement;
  });
  return container;
}

export function cleanup(): void {
  unmountAll();
}

const textOf = (el: Element): string => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Elements matching `selector` whose text or aria-label contains `text`. */
export function queryAll(selector: string, text?: string | RegExp): HTMLElement[] {
  const all = [...document.body.querySelectorAll(selector)] as HTMLElement[];
  if (text === undefined) return all;
  return all.filter((el) => {
    const label = `${textOf(el)} ${el.getAttribute('aria-label') ?? ''}`;
    return typeof text === 'string' ? label.includes(text) : text.test(label);
  });
}

export function get(selector: string, text?: string | RegExp): HTMLElement {
  const found = queryAll(selector, text);
  if (found.length === 0) throw new Error(`no ${selector}${text ? ` with "${text}"` : ''} in: ${pageText()}`);
  return found[0]!;
}

/** The form control a <label> with this text names (wrapped in it, or pointed at by `for`). */
export function byLabel(text: string): HTMLElement {
  const label = queryAll('label').find((l) => textOf(l).startsWith(text));
  const control = label?.getAttribute('for')
    ? document.getElementById(label.getAttribute('for')!)
    : label?.querySelector('input, select, textarea');
  if (!control) throw new Error(`no control labelled "${text}" in: ${pageText()}`);
  return control as HTMLElement;
}

export const pageText = (): string => textOf(document.body);

export async function click(el: Element): Promise<void> {
  await act(async () => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    // linkedom's events carry no `button`; the router only follows a primary-button click.
    if (event.button !== 0) Object.defineProperty(event, 'button', { value: 0 });
    el.dispatchEvent(event);
  });
}

/** Fires a plain event, e.g. an image's 'error' or the window's 'scroll'. */
export async function fire(target: EventTarget, type: string, init: EventInit = {}): Promise<void> {
  await act(async () => {
    target.dispatchEvent(new Event(type, init));
  });
}

/** Presses a key on `target` (linkedom's KeyboardEvent takes no `key`, so it is set by hand). */
export async function press(target: EventTarget, key: string): Promise<void> {
  await act(async () => {
    const event = new Event('keydown', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'key', { value: key });
    target.dispatchEvent(event);
  });
}

/** Sets an input's value the way a reader typing does, so React's onChange sees it. */
export async function type(input: Element, value: string): Promise<void> {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')?.set;
    setter!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Chooses an option of a <select>. */
export async function select(el: Element, value: string): Promise<void> {
  await act(async () => {
    // linkedom's select.value has no setter; it reads the option marked selected.
    const options = [...el.querySelectorAll('option')];
    if (!options.some((o) => o.getAttribute('value') === value)) throw new Error(`no option ${value}`);
    for (const option of options) option.toggleAttribute('selected', option.getAttribute('value') === value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export async function submit(form: Element): Promise<void> {
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

/** Polls `check` until it stops throwing or the deadline passes (the libs/testing `eventually` pattern). */
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
