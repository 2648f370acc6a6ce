// The shell's server render (src/server/render.tsx) as one CommonJS file, dist/server/render.js, which the
// gateway loads at run time (gateway/src/documents/bundle-page-renderer.ts). Everything it needs is bundled
// (React, the router, frontends/ui), so the gateway needs nothing of the front ends' dependencies. No module
// federation: a remote's page is rendered with the server bundle the gateway loads from that remote's
// deployment, linked to the libraries this one exports (SHARED_MODULES); the stylesheets are the browser
// build's.
const path = require('node:path');
const { rspack } = require('@rspack/core');
const browser = require('./rspack.config');

module.exports = {
  context: __dirname,
  mode: browser.mode,
  target: 'node',
  devtool: false,
  entry: { render: './src/server/render.tsx' },
  output: {
    path: path.join(__dirname, 'dist', 'server'),
    filename: '[name].js',
    library: { type: 'commonjs2' },
    // One file: the page chunks of the browser build are lazy imports here too, but need no requests.
    chunkFormat: 'commonjs',
    clean: true,
  },
  optimization: { splitChunks: false, minimize: false },
  resolve: browser.resolve,
  module: {
    // The browser build's TypeScript and contracts rules; CSS is the browser build's alone.
    rules: browser.module.rules.filter((rule) => !String(rule.test).includes('css')),
  },
  plugins: [
    new rspack.IgnorePlugin({ resourceRegExp: /\.css$/ }),
    new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
  ],
  performance: { hints: false },
};
