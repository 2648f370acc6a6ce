module.exports = { ...require('../../jest.preset'), displayName: 'platform', rootDir: __dirname };
