module.exports = { ...require('../../jest.preset'), displayName: 'frontend-news', rootDir: __dirname };
