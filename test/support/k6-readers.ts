import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './processes';
import { required } from './infra-env';

export interface K6ReaderFailure {
  at: number;
  status: number;
  path: string;
  detail: string;
}

export interface K6Readers {
  /** Successful reads so far (live, in steps of the script's ANSWERED_EVERY per VU). */
  answered(): number;
  /** Reads the load balancer handed to the other gateway: when, and k6's error code. */
  handovers: Array<{ at: number; code: number }>;
  failures: K6ReaderFailure[];
  /** Whether k6 is still reading. */
  running(): boolean;
  /** Interrupts k6 (a graceful stop) and returns its totals. */
  stop(): Promise<{
    reads: number;
    answered: number;
    readsByPath: Record<string, number>;
    exitCode: number | null;
  }>;
}

/**
 * k6 readers through one or more gateways (test/support/k6/gateway-readers.js), for as long as a test
 * needs: started here, followed through what the script prints, stopped with SIGINT. k6 comes from
 * infra/local (K6_BIN).
 */
export function startK6Readers(
  gateways: readonly string[],
  targets: ReadonlyArray<{ path: string; headers?: Record<string, string> }>,
  vus = 8,
): K6Readers {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pulse-k6-readers-'));
  const summaryPath = path.join(dir, 'summary.json');
  const child = spawn(
    required('K6_BIN'),
    [
      'run',
      '--quiet',
      '--no-color',
      '--log-format',
      'raw',
      '--summary-export',
      summaryPath,
      '-e',
      `GATEWAYS=${gateways.join(',')}`,
      '-e',
      `TARGETS=${JSON.stringify(targets)}`,
      '-e',
      `VUS=${vus}`,
      path.join(REPO_ROOT, 'test/support/k6/gateway-readers.js'),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let answered = 0;
  let output = '';
  const handovers: K6Readers['handovers'] = [];
  const failures: K6ReaderFailure[] = [];
  let pending = '';
  const onLine = (line: string) => {
    const [kind, ...rest] = line.trim().split(' ');
    if (kind === 'answered') answered += Number(rest[0]);
    else if (kind === 'handover') handovers.push({ at: Number(rest[0]), code: Number(rest[1]) });
    else if (kind === 'failed')
      failures.push({
        at: Number(rest[0]),
        status: Number(rest[1]),
        path: rest[2],
        detail: rest.slice(3).join(' '),
      });
    else if (line.trim()) output += `${line}\n`;
  };
  const onData = (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    lines.forEach(onLine);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    answered: () => answered,
    running: () => child.exitCode === null && child.signalCode === null,
    handovers,
    failures,
    async stop() {
      child.kill('SIGINT');
      const exitCode = await exited;
      onLine(pending);
      try {
        const summary = JSON.parse(readFileSync(summaryPath, 'utf8')) as {
          metrics: Record<string, { count?: number }>;
        };
        const readsByPath: Record<string, number> = {};
        for (const [name, metric] of Object.entries(summary.metrics)) {
          const match = /^reader_reads\{path:(.+)\}$/.exec(name);
          if (match) readsByPath[match[1]] = metric.count ?? 0;
        }
        return {
          reads: summary.metrics.reader_reads?.count ?? 0,
          answered: summary.metrics.reader_answered?.count ?? 0,
          readsByPath,
          exitCode,
        };
      } catch (error) {
        throw new Error(`k6 left no summary (exit ${exitCode}): ${(error as Error).message}\n${output}`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
