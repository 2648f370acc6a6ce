// Runs after the test framework in every front end's component tests: Testing Library's jest-dom matchers,
// and the simulated device and scroll position of dom-env.ts put back after each test (Testing Library
// unmounts what was rendered by itself).
import '@testing-library/jest-dom';
// Imported here so every spec gets its unmount after each test and React's act() environment.
import { configure } from '@testing-library/react';
import { DESKTOP, device } from './dom-env';

// How long findBy* and waitFor wait for what they expect before failing: they return as soon as it shows.
// Testing Library's 1 s was too short for a spec's first render while the test tier runs at a load average
// of 10 or more (a detail page was still on its skeleton after 1 s in a rehearsal of CI).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  Object.assign(device, DESKTOP);
  if (typeof document === 'undefined') return;
  document.body.removeAttribute('style');
  window.scrollTo(0, 0);
});
