// Runs after the test framework in every front end's component tests: Testing Library's jest-dom matchers,
// and the simulated device and scroll position of dom-env.ts put back after each test (Testing Library
// unmounts what was rendered by itself).
import '@testing-library/jest-dom';
// Imported here so every spec gets its unmount after each test and React's act() environment.
import '@testing-library/react';
import { DESKTOP, device } from './dom-env';

afterEach(() => {
  Object.assign(device, DESKTOP);
  if (typeof document === 'undefined') return;
  document.body.removeAttribute('style');
  window.scrollTo(0, 0);
});
