import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eventually } from './eventually';

/**
 * Processes of the site started the way production starts them, for system tests and benchmarks alike
 * (test/support re-exports these; bench/ imports them from here).
 */
export const REPO_ROOT = path.resolve(__dirname, '../../..');

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/**
 * Starts a TypeScript entry point (a path from the repository root), capturing output: from the compiled
 * build PULSE_SERVER_BUILD names when it holds the entry (`npm test` makes one for its run with
 * scripts/build-server.js, the production image's JavaScript), else from the source through
 * `node -r @swc-node/register`, which compiles every file again at each start (a third of a site's start
 * CPU). Unset, as in a lone `npx jest`, the sources always run, so an edit is never missed.
 */
export function startTs(entry: string, env: Record<string, string | undefined>): RunningProcess {
  const compiled = compiledEntry(entry);
  return compiled
    ? startProcess(process.execPath, [compiled], env)
    : startProcess(process.execPath, ['-r', '@swc-node/register', entry], env);
}

function compiledEntry(entry: string): string | undefined {
  const build = process.env.PULSE_SERVER_BUILD;
  if (!build || !/\.ts$/.test(entry)) return undefined;
  const source = path.relative(REPO_ROOT, path.resolve(REPO_ROOT, entry));
  const compiled = path.join(path.resolve(REPO_ROOT, build), source.replace(/\.ts$/, '.js'));
  return existsSync(compiled) ? compiled : undefined;
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
  const gone = () => running.child.exitCode ?? running.child.signalCode;
  // A process that exited stops the wait at once (resolving, so the poll ends), rather than at the deadline.
  const outcome = await eventually(
    async () => {
      if (gone() !== null) return 'exited';
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.status !== 200) throw new Error(`/readyz ${response.status}: ${await response.text()}`);
      return 'ready';
    },
    // 120 s: a service over Kafka starts in 10–20 s on a quiet machine, and took over 60 s in a loaded CI
    // run. The wait ends at the first 200, so a generous deadline costs nothing.
    { timeoutMs: options.timeoutMs ?? 120_000, intervalMs: 250 },
  ).catch((error: Error) => {
    error.message += diagnostics();
    throw error;
  });
  if (outcome === 'exited') throw new Error(`the process exited early (${gone()})${diagnostics()}`);
}
