import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Runs suites that must not overlap one after the other, across Jest workers. 'kafka-article-published':
 * every suite that runs a content process on the shared Kafka publishes article.published (for its own
 * article.translated, and for every earlier run's, since its new consumer group starts at the topic's
 * beginning), and trending's local-stack suite counts every article it is sent in its totals.
 *
 * Takes a lock directory (atomic mkdir), polling with a deadline while another live process holds it; a
 * lock left by a dead process is taken over. Returns the release function.
 */
/**
 * How long a suite waits for the lock by default: the longest holder, the rolling restart of every
 * process, holds it for about seven minutes on two cores. Suites add it to their beforeAll timeout.
 */
export const EXCLUSIVE_WAIT_MS = 600_000;

export async function exclusive(name: string, timeoutMs = EXCLUSIVE_WAIT_MS): Promise<() => void> {
  const dir = path.join(os.tmpdir(), `pulse-exclusive-${name}`);
  const started = Date.now();
  const deadline = started + timeoutMs;
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'pid'), String(process.pid));
      // A wait is a Jest worker standing idle: said, so a slow run's log shows it. (Spreading these suites
      // through Jest's queue to avoid the waits made the run slower: docs/testing.md 'What runs'.)
      const waitedS = (Date.now() - started) / 1000;
      if (waitedS >= 5) console.warn(`waited ${waitedS.toFixed(0)} s for the '${name}' lock`);
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = 0;
    try {
      owner = Number(readFileSync(path.join(dir, 'pid'), 'utf8'));
    } catch {
      // Just created, pid not written yet: wait like for a live owner.
    }
    if (owner > 0 && !alive(owner)) {
      rmSync(dir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(`'${name}' is still held by process ${owner} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
