module.exports = { ...require('../../jest.preset'), displayName: 'frontend-shell', rootDir: __dirname };
