// Settings every Pulse front end shares, so the five rspack configs differ only in their federation role
// (the four remotes in name and exposed modules alone: remoteConfig).
// Reads nothing from the environment except NODE_ENV (production unless it says 'development').
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const rootPackage = require('../package.json');

const isProduction = process.env.NODE_ENV !== 'development';

// @pulse/frontend-ui (frontends/ui) is source that every bundle compiles in, not a federation shared
// module (frontends/README.md says why). It is aliased to its sources so the build does not depend on the
// node_modules/@pulse link, and the TypeScript rule includes those sources by path, since a rule that only
// excluded /node_modules/ would skip them whenever they were reached through that link.
const UI_SRC = path.join(__dirname, 'ui', 'src');
// The dependency-free modules of libs/contracts the front ends deep-import (constants, community constants,
// the nickname generator) are TypeScript too; the bundles never import its zod schemas.
const CONTRACTS_SRC = path.join(__dirname, '..', 'libs', 'contracts', 'src');
const ROUTER_EXPORTS = path.join(__dirname, 'router-exports.js');
const QUERY_EXPORTS = path.join(__dirname, 'query-exports.js');
// query-exports.js reads the package under this name: under its own, '@tanstack/react-query', the import
// would be the shared module again (the file itself) and never reach the library.
const QUERY_PACKAGE_ENTRY = path.join(
  path.dirname(require.resolve('@tanstack/react-query/package.json')),
  'build/modern/index.js',
);
// react-router's package exports send bundlers to its development build (dev warnings on); this is the
// production one, for the production build. router-exports.js reads the package as `react-router-entry`
// (under 'react-router' it would be the shared module itself), this build or the development one.
const REACT_ROUTER_DIST = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');
const REACT_ROUTER_PRODUCTION = path.join(REACT_ROUTER_DIST, 'production/index.js');
const REACT_ROUTER_ENTRY = path.join(
  REACT_ROUTER_DIST,
  isProduction ? 'production' : 'development',
  'index.js',
);

// One React, one router and one TanStack Query across host and remotes: two copies of React would split
// hooks and router context, and each remote carrying its own query library would load it once per remote.
// The host loads them eagerly (it renders first); remotes take whatever the host already loaded.
// The router and the query library are shared as the few exports the front ends use (router-exports.js,
// query-exports.js), not the whole packages. The library is shared, not its state: each bundle keeps its own
// QueryClient (frontends/ui/src/api/query-client.ts).
function sharedSingletons({ eager }) {
  const deps = rootPackage.dependencies;
  const singleton = (requiredVersion) => ({ singleton: true, eager, requiredVersion });
  return {
    react: singleton(deps.react),
    'react-dom': singleton(deps['react-dom']),
    'react-router': {
      ...singleton(deps['react-router']),
      import: ROUTER_EXPORTS,
      // The shared module is a file of ours, so its version is not found from a package.json beside it.
      version: require('react-router/package.json').version,
    },
    '@tanstack/react-query': {
      ...singleton(deps['@tanstack/react-query']),
      import: QUERY_EXPORTS,
      version: require('@tanstack/react-query/package.json').version,
    },
  };
}

// `runtime`: 'provide' (the shell bundles the federation runtime for all) or 'external' (a remote uses it).
function createConfig({ dir, federation, eagerShared, publicPath, plugins = [], runtime }) {
  return {
    context: dir,
    mode: isProduction ? 'production' : 'development',
    devtool: isProduction ? 'source-map' : 'cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath,
      uniqueName: federation.name,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js'],
      alias: {
        '@pulse/frontend-ui$': path.join(UI_SRC, 'index.ts'),
        'tanstack-react-query-entry$': QUERY_PACKAGE_ENTRY,
        'react-router-entry$': REACT_ROUTER_ENTRY,
        ...(isProduction ? { 'react-router$': REACT_ROUTER_PRODUCTION } : {}),
      },
    },
    // Rspack's native CSS (an explicit rule since Rspack 2, which dropped `experiments.css`).
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          include: [path.join(dir, 'src'), UI_SRC, CONTRACTS_SRC],
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !isProduction } },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        ...federation,
        shared: sharedSingletons({ eager: eagerShared }),
        // A remote that is down must not stop the others: take the React the host already loaded
        // instead of fetching every remote's entry up front to compare versions.
        shareStrategy: 'loaded-first',
        // Type generation spawns tsc and fetches remote types; the shell does not need them.
        dts: false,
        experiments: {
          // The federation runtime (~100 KB before compression) is in the shell's first chunk; the shell
          // provides it to the remotes, which do not carry their own copy (remoteConfig).
          ...(runtime === 'provide' ? { provideExternalRuntime: true } : { externalRuntime: true }),
          // Browser only: leaves out the runtime's Node.js loaders.
          optimization: { target: 'web' },
        },
      }),
      ...plugins,
    ],
    performance: { hints: false },
  };
}

// A remote: exposes its modules through remoteEntry.js and emits mf-manifest.json, which the shell finds
// through /env-config.json. It takes the shared libraries and the federation runtime the host already
// loaded (not eager, not bundled), and its chunks load from wherever mf-manifest.json was served (e.g. /remotes/news/), so the gateway picks the path.
function remoteConfig({ name, dir, exposes }) {
  return createConfig({
    dir,
    federation: { name, filename: 'remoteEntry.js', exposes, manifest: true },
    eagerShared: false,
    publicPath: 'auto',
    runtime: 'external',
  });
}

// The libraries a remote's server bundle takes from the shell's server bundle, which renders it: the same
// singletons as in the browser (sharedSingletons), for the same reason (one React for the hooks, one router
// for its context, one query library for the request's client). The gateway links them by these names
// (gateway/src/remotes/remote-server-module.ts); the shell's bundle exports them as SHARED_MODULES.
const SERVER_SHARED = ['react', 'react/jsx-runtime', 'react-dom', 'react-router', '@tanstack/react-query'];

// A remote's server render: `entry` (its src/server.tsx) as one CommonJS file, dist/server/render.js, built
// after the browser build and deployed with it, so the gateway finds it beside the remote's mf-manifest.json.
// @pulse/frontend-ui is compiled in, as in the browser build, so the server renders the copy the browser
// hydrates; the shared libraries are externals (SERVER_SHARED). No CSS: the browser build's stylesheets are
// linked by the gateway from the manifest.
function remoteServerConfig({ dir, entry = './src/server.tsx' }) {
  const browser = createConfig({
    dir,
    federation: { name: 'server' },
    eagerShared: false,
    publicPath: '',
    runtime: 'external',
  });
  return {
    context: dir,
    mode: browser.mode,
    target: 'node',
    devtool: false,
    entry: { render: entry },
    output: {
      path: path.join(dir, 'dist', 'server'),
      filename: '[name].js',
      publicPath: '',
      library: { type: 'commonjs2' },
      chunkFormat: 'commonjs',
      clean: true,
    },
    externalsType: 'commonjs',
    externals: [
      Object.fromEntries(SERVER_SHARED.map((name) => [name, name])),
      // A stylesheet import is a side effect only; on the server it is an empty module.
      ({ request }, callback) => (/\.css$/.test(request) ? callback(null, 'var {}') : callback()),
    ],
    optimization: { splitChunks: false, minimize: false },
    resolve: browser.resolve,
    module: { rules: browser.module.rules.filter((rule) => !String(rule.test).includes('css')) },
    plugins: [new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    performance: { hints: false },
  };
}

module.exports = { createConfig, remoteConfig, remoteServerConfig, rspack, SERVER_SHARED };
