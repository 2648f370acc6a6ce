// Remote 'trending', served from /remotes/trending/ (see remoteConfig in ../rspack.common.js).
const path = require('node:path');
const { remoteConfig } = require('../rspack.common');

const config = remoteConfig({ name: 'trending', dir: __dirname, exposes: { './App': './src/App.tsx' } });

// Constants from libs/contracts are deep-imported from their dependency-free TypeScript sources (constants,
// taxonomy), so swc compiles them too; the package index would bring every zod schema along.
config.module.rules[0].include.push(path.join(__dirname, '../../libs/contracts/src'));

module.exports = config;
