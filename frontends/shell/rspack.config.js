// The shell (host). It knows no remote at build time: their manifest URLs come from /env-config.json at
// start (see src/federation), so a remote is redeployed without rebuilding the shell.
const { createConfig, rspack } = require('../rspack.common');

module.exports = createConfig({
  dir: __dirname,
  federation: { name: 'shell', remotes: {}, manifest: false },
  eagerShared: true,
  // Absolute, so deep links such as /news/123 still find the bundles.
  publicPath: '/',
  plugins: [
    new rspack.HtmlRspackPlugin({ template: './src/index.html' }),
    new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }),
  ],
});
