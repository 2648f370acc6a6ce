import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

// Deep imports: @pulse/testing's index also exports the contract suites, which load the Nest modules, and the
// browser tests' runner (Playwright's Babel) cannot compile their parameter decorators.
export { freePort } from '@pulse/testing/src/free-port';
export {
  REPO_ROOT,
  startProcess,
  startTs,
  untilReady,
  type RunningProcess,
} from '@pulse/testing/src/processes';

/** Processes whose parent is `pid` (Linux /proc). */
export function childProcessesOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // the process ended while we looked
      }
    })
    .map(Number);
}

/** TCP ports on which `pid` listens (Linux /proc: its socket inodes matched against the LISTEN table). */
export function listeningPortsOf(pid: number): number[] {
  const inodes = new Set(
    readdirSync(`/proc/${pid}/fd`)
      .map((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return '';
        }
      })
      .map((target) => /^socket:\[(\d+)\]$/.exec(target)?.[1])
      .filter((inode): inode is string => Boolean(inode)),
  );
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== '0A') continue; // 0A = LISTEN
      if (inodes.has(fields[9])) ports.add(parseInt(fields[1].split(':')[1], 16));
    }
  }
  return [...ports];
}
