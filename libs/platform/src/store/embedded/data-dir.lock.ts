import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StoreLockedError } from '../store.errors';

export const LOCK_FILE = 'store.lock';

/** Folders this process holds, so a lock naming our own pid can be told from one left by a previous run. */
const heldHere = new Set<string>();

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

/**
 * One writing process per data folder: two processes appending to the same logs would corrupt them.
 * The lock is a file created exclusively, holding the owner's pid and host. A lock left by a process
 * that died (SIGKILL, power cut) is taken over when its pid is gone on this host — or is our own pid
 * in a fresh process, as happens to pid 1 after a container restart.
 */
export function lockDataDir(dir: string): () => void {
  const resolved = path.resolve(dir);
  const file = path.join(resolved, LOCK_FILE);
  const owner: LockOwner = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  if (heldHere.has(resolved)) throw locked(file, owner);
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(owner), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const current = readOwner(file);
      if (current && isAlive(current)) throw locked(file, current);
      fs.rmSync(file, { force: true });
    }
  }
  heldHere.add(resolved);
  return () => {
    heldHere.delete(resolved);
    fs.rmSync(file, { force: true });
  };
}

function readOwner(file: string): LockOwner | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
  } catch {
    return undefined; // empty or half-written: its writer died before finishing it
  }
}

function isAlive(owner: LockOwner): boolean {
  // Another host's process cannot be probed; assume it lives rather than risk two writers.
  if (owner.host !== os.hostname()) return true;
  if (owner.pid === process.pid) return false; // not in heldHere, so a previous incarnation's
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function locked(file: string, owner: LockOwner): StoreLockedError {
  return new StoreLockedError(
    `The embedded store folder is in use by process ${owner.pid} on ${owner.host} since ${owner.since} (lock ${file}). ` +
      'Stop that process, or set STORE_DATA_DIR to another folder. If that process is gone, delete the lock file.',
  );
}
