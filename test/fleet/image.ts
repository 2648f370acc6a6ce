import { execFileSync } from 'node:child_process';
import { copyFileSync, linkSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/processes';

/** What the runtime stage of the Dockerfile gives every container of the image 'pulse'. */
export interface ImageConfig {
  workingDir: string;
  env: Record<string, string>;
  entrypoint: string[];
  cmd: string[];
  /** USER, as `uid:gid` (empty: root). */
  user: string;
}

/**
 * Reads the last stage of the Dockerfile (the runtime image): its WORKDIR, ENV (ARG defaults substituted,
 * as `docker build` does, `buildArgs` standing for its --build-arg), USER, ENTRYPOINT and CMD in their JSON
 * form. The harness runs a pod the way the container runtime would: `command` replaces ENTRYPOINT, `args`
 * replaces CMD.
 */
export function readImage(
  dockerfile = path.join(REPO_ROOT, 'Dockerfile'),
  buildArgs: Record<string, string> = {},
): ImageConfig {
  const text = readFileSync(dockerfile, 'utf8').replace(/\\\n/g, ' ');
  const stages = text.split(/^FROM /m);
  const runtime = stages[stages.length - 1];
  const args: Record<string, string> = {};
  const image: ImageConfig = { workingDir: '/', env: {}, entrypoint: [], cmd: [], user: '' };
  const substitute = (value: string): string =>
    value.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, braced: string, bare: string) => {
      const name = braced ?? bare;
      return args[name] ?? image.env[name] ?? '';
    });
  for (const line of runtime.split('\n').map((l) => l.trim())) {
    const [instruction, ...rest] = line.split(/\s+/);
    const body = rest.join(' ');
    if (instruction === 'ARG') {
      const [name, value = ''] = body.split('=');
      args[name] = buildArgs[name] ?? value;
    } else if (instruction === 'WORKDIR') image.workingDir = substitute(body);
    else if (instruction === 'ENV') {
      for (const pair of body.match(/\w+=("[^"]*"|\S+)/g) ?? []) {
        const at = pair.indexOf('=');
        image.env[pair.slice(0, at)] = substitute(pair.slice(at + 1).replace(/^"(.*)"$/, '$1'));
      }
    } else if (instruction === 'USER') image.user = substitute(body);
    else if (instruction === 'ENTRYPOINT') image.entrypoint = JSON.parse(body) as string[];
    else if (instruction === 'CMD') image.cmd = JSON.parse(body) as string[];
  }
  return image;
}

/**
 * The image's working dir (/app) as a folder of the run: dist/ compiled from this checkout (as the image
 * build does), frontends/ linked, and the pinned node in node-bin/ (put it first on PATH). With
 * `frontends`, the five front ends are built too, as the image build does, through
 * frontends/build-all.sh (Nx's cache: seconds when nothing changed, minutes on a fresh checkout).
 */
export function buildImageRoot(imageRoot: string, options: { frontends?: boolean } = {}): void {
  mkdirSync(imageRoot, { recursive: true });
  if (options.frontends)
    execFileSync('bash', ['frontends/build-all.sh'], { cwd: REPO_ROOT, stdio: 'pipe', maxBuffer: 64 << 20 });
  execFileSync(process.execPath, ['scripts/build-server.js', path.join(imageRoot, 'dist')], {
    cwd: REPO_ROOT,
    stdio: 'pipe',
  });
  symlinkSync(path.join(REPO_ROOT, 'frontends'), path.join(imageRoot, 'frontends'));
  // The image's node, reachable by the pods' user (the pinned Node's own folder may be private to root).
  mkdirSync(path.join(imageRoot, 'node-bin'));
  try {
    linkSync(process.execPath, path.join(imageRoot, 'node-bin', 'node'));
  } catch {
    copyFileSync(process.execPath, path.join(imageRoot, 'node-bin', 'node'));
  }
  writeFileSync(path.join(imageRoot, 'package.json'), readFileSync(path.join(REPO_ROOT, 'package.json')));
}
