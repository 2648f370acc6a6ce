module.exports = { ...require('../../jest.preset'), displayName: 'frontend-ui', rootDir: __dirname };
