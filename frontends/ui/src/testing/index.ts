// Test helpers for the front ends' component tests, imported by specs as '@pulse/frontend-ui/src/testing'.
// Deliberately not exported from src/index.ts, so none of it reaches a bundle. jsdom and its shims
// (dom-env.ts) are set up by jest-preset.js before any spec loads.
export { device } from './dom-env';
export * from './dom';
export * from './fetch-mock';
