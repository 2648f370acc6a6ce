export * from './hot-score';
export * from './views-window';
