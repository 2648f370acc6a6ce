// Remote 'news', served from /remotes/news/ (see remoteConfig in ../rspack.common.js).
const { remoteConfig } = require('../rspack.common');

module.exports = remoteConfig({ name: 'news', dir: __dirname, exposes: { './App': './src/App.tsx' } });
