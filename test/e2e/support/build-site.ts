import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../../support/processes';

/**
 * The browser suite's global setup: its sites start through startTs (libs/testing/src/processes.ts), which
 * runs the compiled build PULSE_SERVER_BUILD names. `npm test` has made one for its run; otherwise this
 * makes one (scripts/build-server.js, about a second) and names it for the workers. Each spec file starts a
 * site per width, 75 in all; from the TypeScript sources each start compiled every file again, 11–13 s of
 * CPU to ready against 8–10 s compiled.
 */
export default function buildSite(): void {
  if (process.env.PULSE_SERVER_BUILD) return;
  const build = path.join(REPO_ROOT, 'dist', 'e2e-site');
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build-server.js'), build], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  process.env.PULSE_SERVER_BUILD = build;
}
