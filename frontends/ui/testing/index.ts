// Test helpers for the front ends' component tests, imported by specs as '@pulse/frontend-ui/testing'.
// Deliberately not exported from src/index.ts, so none of it reaches a bundle. jsdom and its shims
// (dom-env.ts) are set up by jest-preset.js before any spec loads; specs query and drive the DOM with
// Testing Library (@testing-library/react, @testing-library/user-event) and its jest-dom matchers.
export { device } from './dom-env';
export * from './fetch-mock';
export * from './intersection-observer';
export * from './reader-state';
export * from './router';
export * from './toasts';
