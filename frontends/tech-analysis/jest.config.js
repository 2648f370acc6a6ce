module.exports = {
  ...require('../../jest.preset'),
  displayName: 'frontend-tech-analysis',
  rootDir: __dirname,
};
