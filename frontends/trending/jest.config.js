const preset = require('../../jest.preset');

module.exports = {
  ...preset,
  displayName: 'frontend-trending',
  rootDir: __dirname,
  // Component tests render into a linkedom DOM (src/test/dom-env.ts).
  setupFiles: ['<rootDir>/src/test/dom-env.ts'],
  moduleNameMapper: { '\\.css$': '<rootDir>/src/test/style-stub.js', ...preset.moduleNameMapper },
};
