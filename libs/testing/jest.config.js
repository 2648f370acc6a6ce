module.exports = { ...require('../../jest.preset'), displayName: 'testing', rootDir: __dirname };
