module.exports = { ...require('../jest.preset'), displayName: 'gateway', rootDir: __dirname };
