import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedDocumentStore } from '@pulse/platform';
import { sendId, type SendRecord } from './send.record';
import { SendsRepository } from './sends.repository';

const T0 = '2026-03-02T00:00:00.000Z';
const LATER = '2026-03-02T00:02:00.000Z';

function queued(i: number, dueAt = T0): SendRecord {
  const subscriberId = `s${String(i).padStart(3, '0')}`;
  return {
    _id: sendId('weekly-2026-03-02', subscriberId),
    editionId: 'weekly-2026-03-02',
    subscriberId,
    status: 'queued',
    dueAt,
    attempts: 0,
  };
}

/** Batch claims (docs/services.md 'The newsletter', sending never doubles): disjoint, due only, released whole. */
describe('send records: batch claims', () => {
  let dir: string;
  let store: EmbeddedDocumentStore;
  let sends: SendsRepository;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pulse-sends-'));
    store = await EmbeddedDocumentStore.open({ dataDir: dir });
    sends = new SendsRepository(store);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives two claimers racing for the same mails disjoint batches that cover them all', async () => {
    await sends.queue(Array.from({ length: 50 }, (_, i) => queued(i)));
    const [a, b] = await Promise.all([
      sends.claimBatch('a:1', T0, LATER, 30),
      sends.claimBatch('b:1', T0, LATER, 30),
    ]);
    // Each mail went to one of them (which gets how many depends on the interleaving).
    const claimed = [...a, ...b];
    expect(new Set(claimed.map((send) => send._id)).size).toBe(claimed.length);
    expect(claimed.every((send) => send.status === 'claimed' && send.attempts === 1)).toBe(true);
    for (;;) {
      const more = await sends.claimBatch('c:1', T0, LATER, 30);
      if (!more.length) break;
      claimed.push(...more);
    }
    expect(claimed.map((send) => send._id).sort()).toEqual(
      Array.from({ length: 50 }, (_, i) => queued(i)._id).sort(),
    );
  });

  it('claims only due mails, earliest first, and takes over claims whose lease ran out', async () => {
    await sends.queue([queued(1, LATER), queued(2), queued(3)]);
    const first = await sends.claimBatch('a:1', T0, '2026-03-02T00:01:00.000Z', 10);
    expect(first.map((send) => send.subscriberId).sort()).toEqual(['s002', 's003']);
    // The claimer died: at LATER its lease is over, and the other mail is due too.
    const taken = await sends.claimBatch('b:1', LATER, '2026-03-02T00:04:00.000Z', 10);
    expect(taken.map((send) => [send.subscriberId, send.attempts]).sort()).toEqual([
      ['s001', 1],
      ['s002', 2],
      ['s003', 2],
    ]);
    // The old claim is lost: its settle does nothing.
    expect(await sends.settle(first[0]._id, 'a:1', { status: 'sent', dueAt: LATER })).toBe(false);
  });

  it('releases unsent mails back to the queue without counting the attempt', async () => {
    await sends.queue([queued(1), queued(2)]);
    const batch = await sends.claimBatch('a:1', T0, LATER, 10);
    await sends.release(
      batch.map((send) => send._id),
      'b:9',
      T0,
    );
    expect((await sends.progress('weekly-2026-03-02')).claimed).toBe(2);
    await sends.release(
      batch.map((send) => send._id),
      'a:1',
      T0,
    );
    const again = await sends.claimBatch('c:1', T0, LATER, 10);
    expect(again.map((send) => send.attempts)).toEqual([1, 1]);
  });
});
