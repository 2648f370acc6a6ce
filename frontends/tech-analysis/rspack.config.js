// Remote 'tech_analysis', served from /remotes/tech-analysis/ (see remoteConfig in ../rspack.common.js).
const { remoteConfig } = require('../rspack.common');

module.exports = remoteConfig({
  name: 'tech_analysis',
  dir: __dirname,
  exposes: { './App': './src/App.tsx' },
});
