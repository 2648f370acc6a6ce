import { spawn } from 'node:child_process';
import {
  cpSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../support/processes';

/**
 * Builds a copy of a remote's sources, with `edits` applied to its files (by path in the remote), into a folder of its own
 * outside the repository: a new deployment of that remote, built the way frontends/build-all.sh builds it
 * (its rspack configs, browser and server, production mode), the shell and the other front ends untouched. Returns the dist.
 */
export async function buildChangedRemote(
  remote: string,
  edits: Readonly<Record<string, (source: string) => string>>,
): Promise<{ root: string; dist: string }> {
  const root = mkdtempSync(path.join(os.tmpdir(), `pulse-${remote}-redeploy-`));
  const dir = path.join(root, 'frontends', remote);
  // The remote's config requires ../rspack.common.js (which resolves its own paths from the repository)
  // and its sources import packages found by walking up to a node_modules.
  mkdirSync(path.join(root, 'frontends'));
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'));
  symlinkSync(
    path.join(REPO_ROOT, 'frontends', 'rspack.common.js'),
    path.join(root, 'frontends', 'rspack.common.js'),
  );
  cpSync(path.join(REPO_ROOT, 'frontends', remote), dir, {
    recursive: true,
    filter: (source) => !/[/\\](dist|node_modules)([/\\]|$)/.test(source),
  });
  for (const [file, edit] of Object.entries(edits)) {
    const target = path.join(dir, file);
    const before = readFileSync(target, 'utf8');
    const after = edit(before);
    if (after === before) throw new Error(`the edit changed nothing in ${file}`);
    writeFileSync(target, after);
  }
  const rspack = path.join(REPO_ROOT, 'node_modules', '.bin', 'rspack');
  await run(rspack, ['build', '-c', 'rspack.config.js'], dir);
  // Its server render (dist/server/render.js), which the gateway loads from the deployment.
  if (existsSync(path.join(dir, 'rspack.server.config.js')))
    await run(rspack, ['build', '-c', 'rspack.server.config.js'], dir);
  return { root, dist: path.join(dir, 'dist') };
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, NODE_ENV: 'production' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

/**
 * Serves a folder on its own origin, as a CDN would host a remote's deployment: any origin may read it
 * (the shell fetches the manifest with fetch()). The requested paths are kept, to see what was loaded.
 */
export async function serveFolder(
  folder: string,
): Promise<{ base: string; requested: string[]; close(): Promise<void> }> {
  const requested: string[] = [];
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    requested.push(pathname);
    const file = path.join(folder, path.normalize(pathname));
    let isFile = false;
    try {
      isFile = file.startsWith(folder + path.sep) && statSync(file).isFile();
    } catch {
      isFile = false;
    }
    if (!isFile) {
      response.writeHead(404, { 'access-control-allow-origin': '*' }).end();
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'access-control-allow-origin': '*',
      'cache-control': 'no-cache',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requested,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
