// Test helpers for the front ends' component tests, imported by specs as '@pulse/frontend-ui/src/testing'.
// Deliberately not exported from src/index.ts, so none of it reaches a bundle. The linkedom DOM itself
// (dom-env.ts) is a Jest setup file of each front end and must load before React does.
export { device } from './dom-env';
export * from './dom';
export * from './fetch-mock';
