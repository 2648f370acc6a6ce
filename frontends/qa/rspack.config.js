// Remote 'qa', served from /remotes/qa/ (see remoteConfig in ../rspack.common.js).
const { remoteConfig } = require('../rspack.common');

module.exports = remoteConfig({ name: 'qa', dir: __dirname, exposes: { './App': './src/App.tsx' } });
