export * from './sanitise-html';
export * from './url-check';
export * from './model-instructions';
export * from './network-key';
export * from './reader-session';
