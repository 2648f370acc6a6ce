// Jest setup file for the front ends' component tests (jest-preset.js lists it in setupFiles): jsdom supplies
// the DOM; this adds only what jsdom lacks and the pages use. A simulated device (viewport width, touch
// support, user agent) that tests change to stand in for a phone, a matchMedia that answers the max-width
// queries against it, and scrolling and window.open, which jsdom leaves unimplemented.
// IntersectionObserver, the clipboard and navigator.share are installed by the tests that need them.

/** The simulated device a test starts from; jest-setup.ts puts it back after each test. */
export const DESKTOP = {
  width: 1280,
  touch: false,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
} as const;

/** What tests change to simulate a device: viewport width, touch support, user agent. */
export const device: { width: number; touch: boolean; userAgent: string } = { ...DESKTOP };

// Keeps react-dom from advertising its DevTools in every test's output.
Object.assign(globalThis, { __REACT_DEVTOOLS_GLOBAL_HOOK__: { isDisabled: true } });

// Specs marked `@jest-environment node` (server rendering, plain event targets) load this too, and have no DOM.
if (typeof document !== 'undefined') {
  document.documentElement.lang = 'ko';
  Object.defineProperty(window, 'innerWidth', { get: () => device.width, configurable: true });
  Object.defineProperties(window.navigator, {
    userAgent: { get: () => device.userAgent, configurable: true },
    maxTouchPoints: { get: () => (device.touch ? 5 : 0), configurable: true },
    language: { value: 'ko-KR', configurable: true },
  });

  // A max-width query, evaluated against device.width when asked (enough for the 768 px breakpoint).
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    return {
      media: query,
      get matches() {
        return max ? device.width <= Number(max[1]) : false;
      },
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  };

  // jsdom does not lay out or scroll: scrollTo moves scrollY, which is what the pages read.
  window.scrollTo = ((x: number | ScrollToOptions, y?: number) => {
    const top = typeof x === 'object' ? (x.top ?? 0) : (y ?? 0);
    Object.defineProperty(window, 'scrollY', { value: top, configurable: true, writable: true });
  }) as typeof window.scrollTo;
  // jsdom cannot open windows; tests that look at what was opened replace this.
  window.open = () => null;
}
