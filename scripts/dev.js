// `npm run dev`: the site while you edit it (CONTRIBUTING.md 'Run the site while you edit').
//
// - Each front end is compiled by its own rspack dev server, in memory, rebuilt on save. The remotes are
//   served from their own ports and the gateway points at them (REMOTE_*_URL, published to the shell in
//   /env-config.json), as a remote deployed on another origin is in production.
// - The shell's dev server is the address you open. It answers its own bundles and hot updates and passes
//   everything else (documents, /api, /env-config.json) to the embedded site, so the documents keep their
//   server-made head and the API its one origin.
// - The embedded site (embedded/src/main.ts, every service and the gateway in one process) runs under
//   `node --watch`: saving any file it loads (services/, libs/, gateway/) restarts it.
//
// The documents are rendered in the browser only: the server renders need built server bundles, which the
// dev servers do not write (`npm start` is the server-rendered site). The site's CSP is the production one,
// widened by the dev servers' own origins alone so their hot-update sockets may connect.
//
// Usage: npm run dev [-- --port 3000] (scripts/dev.sh: the pinned Node and the dependencies first), or
// node scripts/dev.js --port 0: free ports, for tests; the address is printed.
require('./require-node.js');
process.env.NODE_ENV = 'development'; // read by frontends/rspack.common.js when the configs load

const { spawn } = require('node:child_process');
const { readFileSync } = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { parseArgs } = require('node:util');
const { rspack } = require('@rspack/core');
const { RspackDevServer } = require('@rspack/dev-server');

const ROOT = path.join(__dirname, '..');
const HOST = '127.0.0.1';
/** The shell's index.html, the template the gateway fills, is written here (git-ignored), not over dist/. */
const DEV_FRONTENDS_DIR = path.join(ROOT, '.cache', 'dev', 'frontends');
/** Remote folder → the gateway variable naming its manifest. */
const REMOTES = {
  news: 'REMOTE_NEWS_URL',
  trending: 'REMOTE_TRENDING_URL',
  'tech-analysis': 'REMOTE_TECH_ANALYSIS_URL',
  qa: 'REMOTE_QA_URL',
};

const { values: options } = parseArgs({ options: { port: { type: 'string', default: '3000' } } });

/** Whether nothing listens on `port` now. */
function isFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/**
 * The lowest port the kernel hands out for port 0 and for outgoing connections (Linux's
 * ip_local_port_range; 32768 where that cannot be read).
 */
function ephemeralRangeStart() {
  try {
    return (
      Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768
    );
  } catch {
    return 32_768;
  }
}

/**
 * A free port below the ephemeral range. The ports are chosen before the servers start, and the embedded
 * site binds port 0 and opens connections meanwhile: a port the kernel picked and released can be handed
 * out again in between (an address already in use stopped the dev server under load). Below the range,
 * only a process that asks for that very port can take it.
 */
async function freePort(taken) {
  const top = ephemeralRangeStart();
  const bottom = Math.max(1_024, top - 12_000);
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = bottom + Math.floor(Math.random() * (top - bottom));
    if (!taken.includes(port) && (await isFree(port))) return port;
  }
  throw new Error(`no free port between ${bottom} and ${top}`);
}

/** --port N: the site on N, the embedded site and the remotes on N+1…N+5; --port 0: all free ports. */
async function choosePorts() {
  const base = Number(options.port);
  if (!Number.isInteger(base) || base < 0 || base > 65_530)
    throw new Error(`--port ${options.port}: not a port`);
  const count = 2 + Object.keys(REMOTES).length;
  const ports = [];
  for (let i = 0; i < count; i++) ports.push(base === 0 ? await freePort(ports) : base + i);
  const [site, embedded, ...remotes] = ports;
  return {
    site,
    embedded,
    remotes: Object.fromEntries(Object.keys(REMOTES).map((name, i) => [name, remotes[i]])),
  };
}

/**
 * A front end's production config, for the dev server: stable file names (hot updates reuse them), nothing
 * cleaned, the shell's output in the dev folder.
 */
function devConfig(name) {
  const config = require(path.join(ROOT, 'frontends', name, 'rspack.config.js'));
  config.output = {
    ...config.output,
    path: path.join(DEV_FRONTENDS_DIR, name, 'dist'),
    filename: '[name].js',
    chunkFilename: '[name].js',
    cssFilename: '[name].css',
    cssChunkFilename: '[name].css',
    clean: false,
  };
  return config;
}

/** The site's CSP with the remotes' hot-update sockets added to connect-src. */
function widenCsp(policy, socketOrigins) {
  return policy
    .split(';')
    .map((directive) =>
      directive.trim().startsWith('connect-src ') ? `${directive} ${socketOrigins.join(' ')}` : directive,
    )
    .join(';');
}

/** Resolves when the compiler's first build is done (the dev server answers requests before that). */
function firstBuild(compiler) {
  return new Promise((resolve) => compiler.hooks.done.tap('pulse-dev', () => resolve()));
}

/** Polls the embedded site's /healthz until it answers, with a deadline. */
async function embeddedAnswers(port, deadlineMs = 180_000) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const ok = await fetch(`http://${HOST}:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`the embedded site did not answer on :${port} in ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function startRemote(name, port) {
  const compiler = rspack(devConfig(name));
  const built = firstBuild(compiler);
  const server = new RspackDevServer(
    {
      host: HOST,
      port,
      hot: true,
      liveReload: true,
      // The shell's page (another port) fetches the manifest and loads the chunks.
      headers: { 'access-control-allow-origin': '*' },
      allowedHosts: 'all',
      client: { webSocketURL: `ws://${HOST}:${port}/ws`, overlay: false, logging: 'warn' },
    },
    compiler,
  );
  await server.start();
  await built;
  return server;
}

async function startShell(ports) {
  const compiler = rspack(devConfig('shell'));
  const built = firstBuild(compiler);
  const socketOrigins = Object.values(ports.remotes).map((port) => `ws://${HOST}:${port}`);
  const server = new RspackDevServer(
    {
      host: HOST,
      port: ports.site,
      hot: true,
      liveReload: true,
      allowedHosts: 'all',
      client: { overlay: false, logging: 'warn' },
      devMiddleware: {
        // The gateway reads the template from disk (FRONTENDS_DIR); '/' is a document it renders.
        writeToDisk: (file) => path.basename(file) === 'index.html',
        index: false,
      },
      proxy: [
        {
          context: () => true,
          target: `http://${HOST}:${ports.embedded}`,
          on: {
            // The remotes' hot-update sockets are on their own origins, which the site's CSP leaves out.
            proxyRes: (proxyRes) => {
              const policy = proxyRes.headers['content-security-policy'];
              if (typeof policy === 'string')
                proxyRes.headers['content-security-policy'] = widenCsp(policy, socketOrigins);
            },
            // While the embedded site restarts after a save, answer plainly instead of hanging up.
            error: (_error, _req, res) => {
              if (typeof res.writeHead !== 'function' || res.headersSent) return res.end?.();
              res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' });
              res.end('사이트가 다시 시작하는 중입니다. 잠시 후 새로 고침해 주세요.');
            },
          },
        },
      ],
    },
    compiler,
  );
  await server.start();
  await built;
  return server;
}

/** The embedded site under `node --watch`: restarted whenever a file it loaded changes. */
function startEmbedded(ports) {
  const remoteUrls = Object.fromEntries(
    Object.entries(REMOTES).map(([name, variable]) => [
      variable,
      `http://${HOST}:${ports.remotes[name]}/mf-manifest.json`,
    ]),
  );
  return spawn(
    process.execPath,
    ['--watch', '--watch-preserve-output', '-r', '@swc-node/register', 'embedded/src/main.ts'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        LOG_PRETTY: 'true',
        ...process.env,
        NODE_ENV: 'development',
        HOST,
        PORT: String(ports.embedded),
        PUBLIC_SITE_URL: `http://${HOST}:${ports.site}`,
        FRONTENDS_DIR: DEV_FRONTENDS_DIR,
        // The dev servers build no server bundles: every page is drawn in the browser, answered 200.
        GATEWAY_DOCUMENTS: 'browser',
        ...remoteUrls,
      },
    },
  );
}

async function main() {
  const ports = await choosePorts();
  const embedded = startEmbedded(ports);
  const servers = [];
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    embedded.kill('SIGTERM');
    await Promise.allSettled(servers.map((server) => server.stop()));
    process.exit(code);
  };
  embedded.on('exit', (code) => {
    if (!stopping) {
      console.error(`embedded site exited (${code}); stopping the dev servers`);
      void stop(1);
    }
  });
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  // One at a time: rspack compiles on every core, and two at once only slow each other.
  for (const [name, port] of Object.entries(ports.remotes)) servers.push(await startRemote(name, port));
  servers.push(await startShell(ports));
  await embeddedAnswers(ports.embedded);
  // The line tests wait for (test/tooling/dev-server.spec.ts).
  console.log(`\n펄스 개발 서버: http://${HOST}:${ports.site} (저장하면 바로 반영됩니다)\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
