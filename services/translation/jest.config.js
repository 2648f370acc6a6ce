module.exports = { ...require('../../jest.preset'), displayName: 'translation', rootDir: __dirname };
