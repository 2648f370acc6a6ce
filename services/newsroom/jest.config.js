module.exports = { ...require('../../jest.preset'), displayName: 'newsroom', rootDir: __dirname };
