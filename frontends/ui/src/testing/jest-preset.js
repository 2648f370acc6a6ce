// Jest settings for a front end's component tests: the repository preset, plus the linkedom DOM of
// dom-env.ts loaded before every spec (and query-env.ts), and stylesheets stubbed out.
const path = require('node:path');
const preset = require('../../../../jest.preset');

module.exports = (displayName, rootDir) => ({
  ...preset,
  displayName,
  rootDir,
  setupFiles: [path.join(__dirname, 'dom-env.ts'), path.join(__dirname, 'query-env.ts')],
  moduleNameMapper: { '\\.css$': path.join(__dirname, 'style-stub.js'), ...preset.moduleNameMapper },
});
