// The qa remote's server render (src/server.tsx) into dist/server/render.js, deployed with the browser
// files; the gateway renders its question page inside the shell's layout (see remoteServerConfig).
const { remoteServerConfig } = require('../rspack.common');

module.exports = remoteServerConfig({ dir: __dirname });
