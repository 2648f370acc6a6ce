// System tests start real processes; they get generous timeouts but wait by polling, never sleeping.
module.exports = {
  ...require('../jest.preset'),
  displayName: 'system',
  rootDir: __dirname,
  testTimeout: 180_000,
};
