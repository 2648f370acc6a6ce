module.exports = { ...require('../../jest.preset'), displayName: 'ingestion', rootDir: __dirname };
