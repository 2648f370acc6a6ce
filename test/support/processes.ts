import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { eventually } from '@pulse/testing';

export const REPO_ROOT = path.resolve(__dirname, '../..');

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/** Starts a TypeScript entry point the way production does (`node -r @swc-node/register`), capturing output. */
export function startTs(entry: string, env: Record<string, string | undefined>): RunningProcess {
  return startProcess(process.execPath, ['-r', '@swc-node/register', entry], env);
}

/** Starts a command from the repository root with the given environment, capturing output. */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
): RunningProcess {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', LOG_PRETTY: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export { freePort } from '@pulse/testing';

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

/**
 * Until `baseUrl`/readyz answers 200, or out as soon as the process exits (a bad setting, a missing module)
 * rather than at the deadline; the error carries `diagnostics()` (the process's output by default).
 */
export async function untilReady(
  running: RunningProcess,
  baseUrl: string,
  options: { timeoutMs?: number; diagnostics?: () => string } = {},
): Promise<void> {
  const diagnostics = options.diagnostics ?? (() => `\n--- output ---\n${running.output()}`);
  await eventually(
    async () => {
      if (running.child.exitCode !== null || running.child.signalCode !== null)
        throw new Error(`the process exited early (${running.child.exitCode ?? running.child.signalCode})`);
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.status !== 200) throw new Error(`/readyz ${response.status}: ${await response.text()}`);
    },
    { timeoutMs: options.timeoutMs ?? 60_000, intervalMs: 250 },
  ).catch((error: Error) => {
    error.message += diagnostics();
    throw error;
  });
}
