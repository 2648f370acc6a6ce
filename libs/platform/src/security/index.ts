export * from './sanitise-html';
