module.exports = { ...require('../../jest.preset'), displayName: 'newsletter', rootDir: __dirname };
