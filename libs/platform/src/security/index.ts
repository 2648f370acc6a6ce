export * from './sanitise-html';
export * from './url-check';
