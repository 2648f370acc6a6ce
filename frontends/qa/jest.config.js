module.exports = { ...require('../../jest.preset'), displayName: 'frontend-qa', rootDir: __dirname };
