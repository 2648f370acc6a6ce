// The shell (host). It knows no remote at build time: their manifest URLs come from /env-config.json at
// start (see src/federation), so a remote is redeployed without rebuilding the shell.
const path = require('node:path');
const { createConfig, rspack } = require('../rspack.common');

const config = createConfig({
  dir: __dirname,
  federation: { name: 'shell', remotes: {}, manifest: false },
  eagerShared: true,
  runtime: 'provide',
  // Absolute, so deep links such as /news/123 still find the bundles.
  publicPath: '/',
  plugins: [
    new rspack.HtmlRspackPlugin({ template: './src/index.html' }),
    new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }),
  ],
});

// The shell uses a few values of @pulse/contracts' taxonomy (category slugs, names, resolveCategorySlug), so
// its sources are compiled like ours. They are declared free of side effects, so only the modules actually
// used are bundled. A module that builds zod schemas at load (content-queries.ts) would still bring zod
// (~80 KB): values from those are repeated in the shell, with specs keeping them equal.
const CONTRACTS_SRC = path.join(__dirname, '..', '..', 'libs', 'contracts', 'src');
config.module.rules[0].include.push(CONTRACTS_SRC);
config.module.rules.push({ include: CONTRACTS_SRC, sideEffects: false });

// uqr (the QR code on /admin/staff) is bundled into the admin chunk that uses it, not split out as a vendor
// file of its own: the admin area stays one chunk. Every other package keeps the defaults.
config.optimization = {
  ...config.optimization,
  splitChunks: {
    cacheGroups: {
      defaultVendors: {
        test: /[\\/]node_modules[\\/](?!uqr[\\/])/,
        priority: -10,
        reuseExistingChunk: true,
        idHint: 'vendors',
      },
    },
  },
};

module.exports = config;
