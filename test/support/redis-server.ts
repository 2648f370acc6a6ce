import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A private redis-server (Debian's, as infra/local runs it) on `port`, with nothing persisted, that a test
 * can kill and start again without disturbing the Redis every other suite shares.
 */
export function startRedisServer(port: number, dir: string): ChildProcess {
  return spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
}
