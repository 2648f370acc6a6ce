/**
 * What the embedded store holds in the heap per document, for the collection a large list fills: a
 * newsletter's subscribers and one edition's send records, each settled the way the sender settles them.
 *
 *   npm run bench:store-memory            (BENCH_DOCUMENTS, default 100,000 of each)
 *
 * The heap is measured after full collections (node --expose-gc), so it is what the store keeps, not the
 * garbage of getting there. The collections, their indexes and the send records' ids are the newsletter
 * service's own; the records have the fields of subscriber.record.ts and send.record.ts. Every subscriber
 * signs up at its own time, as a real list does, so no timestamp is shared between records.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedDocumentStore } from '@pulse/platform';
import { sendId } from '@pulse/newsletter/src/sending/send.record';
import { SEND_INDEXES, SENDS } from '@pulse/newsletter/src/sending/sends.repository';
import { SUBSCRIBER_INDEXES, SUBSCRIBERS } from '@pulse/newsletter/src/subscribers/subscribers.repository';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 100_000);
const BATCH = 1000;
const EDITION = 'weekly-2026-48';

const collect = globalThis.gc;
if (!collect) throw new Error('run with node --expose-gc (npm run bench:store-memory does)');

function heapAfterCollection(): number {
  collect!();
  collect!();
  return process.memoryUsage().heapUsed;
}

const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString();
const subscriberId = (n: number) => `sub-${String(n).padStart(7, '0')}`;

async function inBatches(work: (from: number, to: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let from = 0; from < DOCUMENTS; from += BATCH) await work(from, Math.min(from + BATCH, DOCUMENTS));
  return (performance.now() - started) / 1000;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-store-memory-'));
  const store = await EmbeddedDocumentStore.open({ dataDir });
  try {
    const empty = heapAfterCollection();

    const subscribers = store.collection<{ _id: string }>(SUBSCRIBERS, { indexes: SUBSCRIBER_INDEXES });
    const signUps = await inBatches((from, to) =>
      subscribers.insertMany(
        Array.from({ length: to - from }, (_, i) => {
          const n = from + i;
          return {
            _id: subscriberId(n),
            email: `reader${n}@example.com`,
            status: 'confirmed',
            categories: ['gen-ai', 'blockchain', 'big-tech'],
            frequency: 'weekly',
            createdAt: at(n),
            updatedAt: at(n + 1),
            confirmedAt: at(n + 1),
          };
        }),
      ),
    );
    // The enqueue's walk: builds the prefix key map it uses, as the service's first edition does.
    await subscribers.find({ status: 'confirmed', frequency: 'weekly' }, { limit: 1 });
    const withSubscribers = heapAfterCollection();

    const sends = store.collection<{ _id: string }>(SENDS, { indexes: SEND_INDEXES });
    const queued = await inBatches((from, to) =>
      sends.insertMany(
        Array.from({ length: to - from }, (_, i) => ({
          _id: sendId(EDITION, subscriberId(from + i)),
          editionId: EDITION,
          subscriberId: subscriberId(from + i),
          status: 'queued',
          dueAt: at(DOCUMENTS),
          attempts: 0,
        })),
      ),
    );
    // Claimed a batch at a time and settled one by one, each settle unsetting its claim.
    const settled = await inBatches(async (from, to) => {
      const ids = Array.from({ length: to - from }, (_, i) => sendId(EDITION, subscriberId(from + i)));
      const claim = `sender-1:${from}`;
      await sends.updateMany(
        { _id: { $in: ids }, status: 'queued' },
        { $set: { status: 'claimed', claimedBy: claim, dueAt: at(DOCUMENTS + 60) }, $inc: { attempts: 1 } },
      );
      await Promise.all(
        ids.map((id, i) =>
          sends.updateOne(
            { _id: id, status: 'claimed', claimedBy: claim },
            {
              $set: {
                status: 'sent',
                sentAt: at(DOCUMENTS + from + i),
                messageId: `<${EDITION}.${subscriberId(from + i)}@newsletter.pulse.example>`,
              },
              $unset: { claimedBy: '' },
            },
          ),
        ),
      );
    });
    const sent = await sends.countDocuments({ editionId: EDITION, status: 'sent' });
    if (sent !== DOCUMENTS) throw new Error(`settled ${sent} of ${DOCUMENTS}`);
    const withSends = heapAfterCollection();

    const perDocument = (bytes: number) => Math.round(bytes / DOCUMENTS);
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.log(
      '| documents | subscribers, bytes each | settled sends, bytes each | both, MiB | heap empty, MiB |',
    );
    console.log('| ---: | ---: | ---: | ---: | ---: |');
    console.log(
      `| ${DOCUMENTS.toLocaleString('en')} | ${perDocument(withSubscribers - empty)} | ` +
        `${perDocument(withSends - withSubscribers)} | ${mib(withSends - empty)} | ${mib(empty)} |`,
    );
    console.log(
      `time: sign-ups ${signUps.toFixed(1)} s, queueing ${queued.toFixed(1)} s, claims and settles ${settled.toFixed(1)} s`,
    );
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
