import fs from 'node:fs';

const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An exclusive lock held by a pid file. The embedded logs have one writer, and two processes (or two
 * adapters in one process) appending to the same files would interleave and corrupt them. A lock whose
 * process is gone (SIGKILL leaves it behind) is stale and taken over. Returns the release function.
 */
export function acquireFileLock(lockPath: string, what: string): () => void {
  if (heldHere.has(lockPath)) throw new Error(`${what} is already open in this process (lock ${lockPath})`);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      heldHere.add(lockPath);
      return () => {
        if (!heldHere.delete(lockPath)) return;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readOrEmpty(lockPath), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new Error(`${what} is in use by process ${owner} (lock ${lockPath})`);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${what} (lock ${lockPath})`);
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
