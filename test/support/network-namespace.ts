import { spawn } from 'node:child_process';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { REPO_ROOT } from './processes';

/**
 * Several client addresses on one machine, IPv6 included. A test that must show what a limit does to
 * many addresses of one IPv6 /64 (or of several networks) cannot do it on the host's loopback, which has
 * only ::1. So the scenario runs in a network namespace of its own (`unshare -rn`: a user namespace makes
 * it work without privileges), whose loopback gets the listed addresses; the scenario starts the server
 * there and sends each request from the address it picks (`sendFrom`). Nothing leaves the namespace.
 *
 * The scenario is a TypeScript file run by Node inside the namespace; it writes one JSON line, its
 * result, to stdout as its last line.
 */
export async function runInNetworkNamespace<T>(options: {
  /** Addresses added to the namespace's loopback, e.g. 'fd00:1:2:3::10/64' or '10.9.0.2/32'. */
  addresses: readonly string[];
  /** The scenario file (absolute path). */
  entry: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}): Promise<T> {
  const setup = [
    'ip link set lo up',
    ...options.addresses.map(
      (address) => `ip addr add ${address} dev lo${address.includes(':') ? ' nodad' : ''}`,
    ),
    'exec "$PULSE_NODE" -r @swc-node/register "$PULSE_ENTRY"',
  ].join(' && ');
  const child = spawn('unshare', ['-rn', 'sh', '-c', setup], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env, PULSE_NODE: process.execPath, PULSE_ENTRY: options.entry },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timeoutMs = options.timeoutMs ?? 120_000;
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`scenario ${options.entry} ran past ${timeoutMs} ms\n${stderr.slice(-4000)}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  const last = stdout.trim().split('\n').pop() ?? '';
  if (code !== 0) throw new Error(`scenario ${options.entry} exited ${code}\n${stderr.slice(-4000)}`);
  try {
    return JSON.parse(last) as T;
  } catch {
    throw new Error(
      `scenario ${options.entry} printed no JSON result\n${stdout.slice(-2000)}\n${stderr.slice(-2000)}`,
    );
  }
}

export interface SentResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request sent from `localAddress` (which must be an address of this host or namespace). */
export function sendFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<SentResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: init.method ?? 'GET',
        headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
        localAddress,
        family: localAddress.includes(':') ? 6 : 4,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}
