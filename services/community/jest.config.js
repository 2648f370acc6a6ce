module.exports = { ...require('../../jest.preset'), displayName: 'community', rootDir: __dirname };
