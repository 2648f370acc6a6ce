module.exports = { ...require('../../jest.preset'), displayName: 'frontend-trending', rootDir: __dirname };
