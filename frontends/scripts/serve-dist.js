#!/usr/bin/env node
// A throwaway static server laid out the way the gateway serves the front ends in embedded mode:
//   /remotes/<dir>/…  → frontends/<dir>/dist/…   (news, trending, tech-analysis, qa)
//   /…                → frontends/shell/dist/…, and index.html for any other page path (client-side routes)
// For local checks and end-to-end tests only. `node frontends/scripts/serve-dist.js [port]`.
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');

const FRONTENDS = path.join(__dirname, '..');
const REMOTE_DIRS = ['news', 'trending', 'tech-analysis', 'qa'];
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};
// Content-hashed names never change meaning; everything else must be revalidated so a redeploy shows.
const HASHED = /\.[0-9a-f]{8}\.(js|css)(\.map)?$/;

/** Starts the server; `server.setRemoteDown(dir, true)` answers 404 for that remote, as if it were gone. */
function startServer({ port = 0, host = '127.0.0.1' } = {}) {
  const down = new Set();
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url, 'http://localhost');
    const remote = /^\/remotes\/([^/]+)(\/.*)?$/.exec(pathname);
    if (remote) {
      const [, dir, rest = '/'] = remote;
      if (!REMOTE_DIRS.includes(dir) || down.has(dir)) return notFound(res);
      return sendFile(res, path.join(FRONTENDS, dir, 'dist'), rest) || notFound(res);
    }
    const shellDist = path.join(FRONTENDS, 'shell', 'dist');
    if (sendFile(res, shellDist, pathname)) return;
    // A page URL gets the shell's document; a missing asset (has an extension) stays a 404, not HTML.
    if (path.extname(pathname) === '' && sendFile(res, shellDist, '/index.html')) return;
    notFound(res);
  });
  server.setRemoteDown = (dir, isDown) => (isDown ? down.add(dir) : down.delete(dir));
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

/** Sends root + urlPath if it is a file inside root; returns false otherwise. */
function sendFile(res, root, urlPath) {
  let file;
  let stat;
  try {
    file = path.join(root, decodeURIComponent(urlPath));
    if (!file.startsWith(root + path.sep)) return false;
    stat = fs.statSync(file);
  } catch {
    return false;
  }
  if (!stat.isFile()) return false;
  res.writeHead(200, {
    'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream',
    'Content-Length': stat.size,
    'Cache-Control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  fs.createReadStream(file).pipe(res);
  return true;
}

function notFound(res) {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end('Not Found');
  return true;
}

module.exports = { startServer, REMOTE_DIRS };

if (require.main === module) {
  startServer({ port: Number(process.argv[2] || 4300) }).then((server) => {
    const { port } = server.address();
    console.log(`front ends served at http://127.0.0.1:${port}/`);
  });
}
