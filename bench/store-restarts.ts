/**
 * The MongoDB store through server restarts: a private MongoDB-compatible server (infra/local's, on its
 * own port and file) is stopped and started again `cycles` times while `workers` loops read and write
 * through the port; after each start, how long until the store's check() answers again.
 *
 *   npm run bench:store-restarts [-- cycles=40 workers=60]
 *
 * Needs `infra/local/pulse-local up` once (it builds the server's jar). Most restarts recover within a
 * second; a restart that caught the driver's stalled monitor recovers when StalledMonitorWatchdog
 * restarts the client (docs/known-gaps.md, the stalled MongoDB monitor). Exits 1 if one never recovers.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { MongoDocumentStore } from '@pulse/platform';
import { MongoServer } from '@pulse/testing';

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.split('=') as [string, string]));
const CYCLES = Number(args.cycles ?? 40);
const WORKERS = Number(args.workers ?? 60);
/** Longer than the watchdog's bound (35 s) and a reconnection. */
const RECOVERY_DEADLINE_MS = 60_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const server = await MongoServer.start(mkdtempSync(path.join(os.tmpdir(), 'pulse-store-restarts-')));
  const logger = pino({ level: 'error' });
  const store = await MongoDocumentStore.connect({ url: server.url('restarts'), logger });
  const counters = store.collection<{ _id: string; n: number }>('counters');
  let running = true;
  let done = 0;
  let failed = 0;
  const workers = Array.from({ length: WORKERS }, async (_, worker) => {
    for (let i = 0; running; i += 1) {
      try {
        await counters.updateOne({ _id: `${worker}-${i % 200}` }, { $inc: { n: 1 } }, { upsert: true });
        await counters.find({ n: { $gt: 0 } }, { limit: 20 });
        done += 1;
      } catch {
        failed += 1;
        await pause(20); // the store is away: do not spin
      }
    }
  });

  const recoveries: number[] = [];
  let stuck = 0;
  for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
    await pause(1_000 + Math.random() * 3_000);
    await server.stop();
    const downMs = 500 + Math.random() * 8_000;
    await pause(downMs);
    await server.restart();
    const restartedAt = Date.now();
    let recoveredMs: number | undefined;
    while (Date.now() - restartedAt < RECOVERY_DEADLINE_MS) {
      if ((await store.check()).ok) {
        recoveredMs = Date.now() - restartedAt;
        break;
      }
      await pause(250);
    }
    if (recoveredMs === undefined) stuck += 1;
    else recoveries.push(recoveredMs);
    console.log(
      `restart ${cycle}: down ${(downMs / 1000).toFixed(1)} s, ${recoveredMs === undefined ? `not recovered within ${RECOVERY_DEADLINE_MS / 1000} s` : `check() ok ${(recoveredMs / 1000).toFixed(1)} s after the start`}; operations ${done} done, ${failed} failed`,
    );
  }
  running = false;
  await Promise.allSettled(workers);
  await store.close();
  await server.close();

  recoveries.sort((a, b) => a - b);
  const slow = recoveries.filter((ms) => ms > 5_000);
  console.log(
    `\n${CYCLES} restarts, ${WORKERS} workers: ${recoveries.length} recovered (median ${((recoveries[Math.floor(recoveries.length / 2)] ?? 0) / 1000).toFixed(1)} s; ${slow.length} after more than 5 s: ${slow.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ') || 'none'}), ${stuck} never`,
  );
  process.exitCode = stuck > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
