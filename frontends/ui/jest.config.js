const path = require('node:path');

module.exports = {
  ...require('../../jest.preset'),
  displayName: 'frontend-ui',
  rootDir: __dirname,
  setupFiles: [path.join(__dirname, 'src/testing/query-env.ts')],
};
