// Remote 'tech_analysis': exposes ./App and emits mf-manifest.json, which the shell finds through /env-config.json.
const { createConfig } = require('../rspack.common');

module.exports = createConfig({
  dir: __dirname,
  federation: {
    name: 'tech_analysis',
    filename: 'remoteEntry.js',
    exposes: { './App': './src/App.tsx' },
    manifest: true,
  },
  eagerShared: false,
  // Chunks load from wherever mf-manifest.json was served (e.g. /remotes/tech-analysis/), so the gateway picks the path.
  publicPath: 'auto',
});
