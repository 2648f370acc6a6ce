// System tests start real processes; they get generous time but wait by polling, never sleeping.
module.exports = {
  ...require('../jest.preset'),
  displayName: 'system',
  rootDir: __dirname,
  setupFilesAfterEnv: ['<rootDir>/support/long-timeout.ts'],
  // The browser tests run on @playwright/test (playwright.config.ts), not on Jest.
  testPathIgnorePatterns: [...require('../jest.preset').testPathIgnorePatterns, '<rootDir>/e2e/'],
};
