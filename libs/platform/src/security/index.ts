export * from './sanitise-html';
export * from './url-check';
export * from './model-instructions';
