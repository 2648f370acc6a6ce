import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../../support/processes';

/**
 * Where the browser tests' site runs from: the server side compiled to JavaScript by scripts/build-server.js,
 * as the production image runs it, built once per run (about a second) by this global setup. Each spec
 * file starts a site per width, 75 in all; from the TypeScript sources through @swc-node/register each
 * start compiled every file again, 11–13 s of CPU to ready against 8–10 s compiled.
 */
export const SITE_BUILD = path.join(REPO_ROOT, 'dist', 'e2e-site');

export default function buildSite(): void {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build-server.js'), SITE_BUILD], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
}
