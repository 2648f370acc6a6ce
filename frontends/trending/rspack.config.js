// Remote 'trending', served from /remotes/trending/ (see remoteConfig in ../rspack.common.js).
const { remoteConfig } = require('../rspack.common');

module.exports = remoteConfig({ name: 'trending', dir: __dirname, exposes: { './App': './src/App.tsx' } });
