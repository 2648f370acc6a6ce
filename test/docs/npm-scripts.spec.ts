import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const scripts: Record<string, string> = JSON.parse(
  readFileSync(path.join(ROOT, 'package.json'), 'utf8'),
).scripts;

/**
 * How a root `npm run` script gets the pinned Node (.node-version): a bash script of ours that sources
 * scripts/use-node.sh (which fetches it), or scripts/require-node.js first, which on another Node says in
 * one line how to get it and stops (a benchmark on Node 20 used to die inside undici instead).
 */
function pinnedNodeGuard(command: string): string | undefined {
  if (/^node (?:--[\w-]+(?:=\S+)? )*-r \.\/scripts\/require-node\.js /.test(command)) return 'preload';
  if (command.startsWith('node scripts/require-node.js && ')) return 'check first';
  const bash = /^(?:\w+=\S+ )*bash (scripts\/[\w-]+\.sh)\b/.exec(command);
  if (bash && /^source scripts\/use-node\.sh$/m.test(readFileSync(path.join(ROOT, bash[1]), 'utf8')))
    return 'use-node.sh';
  return undefined;
}

describe('npm run scripts and the pinned Node', () => {
  it.each(Object.entries(scripts))('%s runs on the pinned Node or says how to get it', (_name, command) => {
    expect(pinnedNodeGuard(command)).toBeDefined();
  });

  it('refuses another Node in one line that says how to get the pinned one', () => {
    // The guard, copied beside a .node-version this Node cannot be.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pulse-require-node-'));
    try {
      mkdirSync(path.join(dir, 'scripts'));
      copyFileSync(path.join(ROOT, 'scripts/require-node.js'), path.join(dir, 'scripts/require-node.js'));
      const other = Number(process.versions.node.split('.')[0]) + 1;
      writeFileSync(path.join(dir, '.node-version'), `${other}.0.0\n`);
      const run = spawnSync(process.execPath, [path.join(dir, 'scripts/require-node.js')], {
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain(`Pulse runs on Node ${other}.0.0`);
      expect(run.stderr).toContain('source scripts/use-node.sh');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets the pinned Node through', () => {
    const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/require-node.js')], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
