// Remote 'news': exposes ./App and emits mf-manifest.json, which the shell finds through /env-config.json.
const { createConfig } = require('../rspack.common');

module.exports = createConfig({
  dir: __dirname,
  federation: {
    name: 'news',
    filename: 'remoteEntry.js',
    exposes: { './App': './src/App.tsx' },
    manifest: true,
  },
  eagerShared: false,
  // Chunks load from wherever mf-manifest.json was served (e.g. /remotes/news/), so the gateway picks the path.
  publicPath: 'auto',
});
