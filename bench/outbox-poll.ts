/**
 * The outbox relay's poll on the embedded store (docs/benchmarks.md 'The outbox poll on the embedded
 * store'): `PENDING_FILTER` sorted by `PENDING_SORT`, limit 100, on a collection of N documents (default
 * 100,000) of which one holds a pending event, as every registered collection is polled twice a second.
 * Beside it, in the same run, the same poll on the same documents without the outbox index: the scan
 * every poll was before the index answered ranges.
 *
 *   npm run -s bench:outbox-poll
 *   BENCH_DOCUMENTS=20000 npm run -s bench:outbox-poll
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedDocumentStore, type Collection } from '@pulse/platform';
import { OUTBOX_INDEX, PENDING_FILTER, PENDING_SORT } from '@pulse/platform/outbox/pending-events.query';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 100_000);
const POLLS = 50;

type Thing = { _id: string; email: string; _outbox?: { id: string; occurredAt: string }[] };

async function seed(things: Collection<Thing>): Promise<void> {
  for (let start = 0; start < DOCUMENTS; start += 1000)
    await things.insertMany(
      Array.from({ length: Math.min(1000, DOCUMENTS - start) }, (_, i) => ({
        _id: `t${String(start + i).padStart(7, '0')}`,
        email: `reader${start + i}@example.kr`,
      })),
    );
  await things.insertOne({
    _id: 'pending',
    email: 'pending@example.kr',
    _outbox: [{ id: 'e1', occurredAt: new Date().toISOString() }],
  });
}

/** Milliseconds per poll: median and slowest of POLLS, after one unmeasured poll. */
async function polls(things: Collection<Thing>): Promise<{ median: number; slowest: number }> {
  await things.find(PENDING_FILTER, { sort: PENDING_SORT, limit: 100 });
  const times: number[] = [];
  for (let i = 0; i < POLLS; i++) {
    const start = process.hrtime.bigint();
    const found = await things.find(PENDING_FILTER, { sort: PENDING_SORT, limit: 100 });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (found.length !== 1) throw new Error(`the poll found ${found.length} documents, not 1`);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(POLLS / 2)], slowest: times[POLLS - 1] };
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-outbox-poll-'));
  try {
    const store = await EmbeddedDocumentStore.open({ dataDir: dir });
    const indexed = store.collection<Thing>('indexed', { indexes: [OUTBOX_INDEX] });
    const scanned = store.collection<Thing>('scanned');
    await seed(indexed);
    await seed(scanned);
    const rows = [
      ['with the outbox index', await polls(indexed)],
      ['without (a scan)', await polls(scanned)],
    ] as const;
    console.log(`| poll on ${DOCUMENTS.toLocaleString('en')} documents | median | slowest of ${POLLS} |`);
    console.log('| --- | ---: | ---: |');
    for (const [name, { median, slowest }] of rows)
      console.log(`| ${name} | ${median.toFixed(2)} ms | ${slowest.toFixed(2)} ms |`);
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
