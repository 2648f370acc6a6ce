/** @jest-environment node */
// Runs without a DOM: the toast is a window event, and a plain EventTarget stands in for the window.
import { onToast, toast, TOAST_EVENT, type ToastOptions } from './toast';

describe('toast', () => {
  const target = new EventTarget();
  beforeAll(() => {
    (globalThis as { window?: unknown }).window = target;
  });
  afterAll(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('dispatches a pulse:toast window event that a listener in another bundle receives', () => {
    const seen: ToastOptions[] = [];
    const raw: Event[] = [];
    target.addEventListener(TOAST_EVENT, (event) => raw.push(event));
    const stop = onToast((options) => seen.push(options));
    toast({ title: '구독 완료!', description: '뉴스레터 구독이 완료되었습니다', variant: 'default' });
    stop();
    toast({ title: '두 번째' });
    expect(TOAST_EVENT).toBe('pulse:toast');
    expect(seen).toEqual([
      { title: '구독 완료!', description: '뉴스레터 구독이 완료되었습니다', variant: 'default' },
    ]);
    expect(raw).toHaveLength(2);
    expect((raw[0] as CustomEvent).detail.title).toBe('구독 완료!');
  });

  it('ignores malformed events', () => {
    const listener = jest.fn();
    const stop = onToast(listener);
    target.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: { nope: true } }));
    stop();
    expect(listener).not.toHaveBeenCalled();
  });
});
