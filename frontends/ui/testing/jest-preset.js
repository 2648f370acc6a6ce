// Jest settings for a front end's component tests: the repository preset on a jsdom DOM (jsdom-environment.js),
// the shims of dom-env.ts for what jsdom lacks, TanStack Query set up for tests (query-env.ts), Testing
// Library's jest-dom matchers (jest-setup.ts) and stylesheets stubbed out.
const path = require('node:path');
const preset = require('../../../jest.preset');

module.exports = (displayName, rootDir) => ({
  ...preset,
  displayName,
  rootDir,
  testEnvironment: path.join(__dirname, 'jsdom-environment.js'),
  testEnvironmentOptions: { url: 'http://localhost/' },
  // Above jest-setup.ts's 10 s for one findBy/waitFor, so a slow wait under load fails with its own message.
  testTimeout: 20_000,
  setupFiles: [path.join(__dirname, 'dom-env.ts'), path.join(__dirname, 'query-env.ts')],
  setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.ts')],
  moduleNameMapper: { '\\.css$': path.join(__dirname, 'style-stub.js'), ...preset.moduleNameMapper },
});
