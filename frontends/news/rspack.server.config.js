// The news remote's server render (src/server.tsx) into dist/server/render.js, deployed with the browser
// files; the gateway renders its pages inside the shell's layout (see remoteServerConfig).
const path = require('node:path');
const { remoteServerConfig } = require('../rspack.common');

const config = remoteServerConfig({ dir: __dirname });
// As in the browser build (rspack.config.js): libs/contracts' dependency-free sources are compiled too.
config.module.rules[0].include.push(path.join(__dirname, '../../libs/contracts/src'));

module.exports = config;
