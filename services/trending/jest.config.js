module.exports = { ...require('../../jest.preset'), displayName: 'trending', rootDir: __dirname };
