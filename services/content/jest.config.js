module.exports = { ...require('../../jest.preset'), displayName: 'content', rootDir: __dirname };
