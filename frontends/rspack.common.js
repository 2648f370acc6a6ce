// Settings every Pulse front end shares, so the five rspack configs differ only in their federation role.
// Reads nothing from the environment except NODE_ENV (production unless it says 'development').
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const rootPackage = require('../package.json');

const isProduction = process.env.NODE_ENV !== 'development';

// One React and one router across host and remotes: two copies would split hooks and router context.
// The host loads them eagerly (it renders first); remotes take whatever the host already loaded.
function sharedSingletons({ eager }) {
  const deps = rootPackage.dependencies;
  const singleton = (requiredVersion) => ({ singleton: true, eager, requiredVersion });
  return {
    react: singleton(deps.react),
    'react-dom': singleton(deps['react-dom']),
    'react-router-dom': singleton(deps['react-router-dom']),
    // react-router-dom re-exports react-router; sharing it too keeps a direct import on the same copy.
    'react-router': singleton(deps['react-router-dom']),
  };
}

function createConfig({ dir, federation, eagerShared, publicPath, plugins = [] }) {
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
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    experiments: { css: true },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
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
      }),
      ...plugins,
    ],
    performance: { hints: false },
  };
}

module.exports = { createConfig, rspack };
