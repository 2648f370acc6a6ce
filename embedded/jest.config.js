module.exports = { ...require('../jest.preset'), displayName: 'embedded', rootDir: __dirname };
