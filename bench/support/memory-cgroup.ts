import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A memory cgroup to run a child process in, as a container's memory limit would (root only). Node hands
 * the limit to V8, which sizes its heap and young generation from it: a process on this 24 GB machine
 * without one grows 64 MiB semi-spaces that a 384 MiB pod never has, so its peak is not the pod's.
 * Works with cgroup v1's memory controller or cgroup v2.
 */
export interface MemoryCgroup {
  /** The command that joins the cgroup and then runs `command` with `args`. */
  wrap(command: string, args: string[]): { command: string; args: string[] };
  /** Removes the cgroup once its process has exited. */
  remove(): void;
}

export function memoryCgroup(name: string, limit: string): MemoryCgroup {
  const bytes = parseBytes(limit);
  const v1 = '/sys/fs/cgroup/memory';
  const v2 = existsSync('/sys/fs/cgroup/cgroup.controllers') ? '/sys/fs/cgroup' : undefined;
  const root = existsSync(path.join(v1, 'memory.limit_in_bytes')) ? v1 : v2;
  if (!root) throw new Error('no memory cgroup controller under /sys/fs/cgroup');
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, root === v1 ? 'memory.limit_in_bytes' : 'memory.max'), String(bytes));
  const procs = path.join(dir, 'cgroup.procs');
  return {
    wrap: (command, args) => ({
      command: '/bin/sh',
      args: ['-c', `echo $$ > '${procs}' && exec "$@"`, 'sh', command, ...args],
    }),
    remove: () => {
      if (readFileSync(procs, 'utf8').trim() === '') rmdirSync(dir);
    },
  };
}

/** '384M', '1G', '402653184' → bytes. */
function parseBytes(limit: string): number {
  const match = /^(\d+)([KMG]?)i?B?$/i.exec(limit.trim());
  if (!match) throw new Error(`a memory limit is a number of bytes, or of K, M or G: not '${limit}'`);
  const unit = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[match[2].toUpperCase() as '' | 'K' | 'M' | 'G'];
  return Number(match[1]) * unit;
}
