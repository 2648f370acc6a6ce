import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StoreLockedError } from '../store.errors';
import { logFile, snapshotFile } from './collection-journal';
import { EmbeddedDocumentStore } from './embedded.store';

type Note = { _id: string; v: number };

describe('embedded store files', () => {
  let dataDir: string;
  const wal = () => path.join(dataDir, logFile('notes'));
  const ids = async (store: EmbeddedDocumentStore) =>
    (await store.collection<Note>('notes').find({})).map((doc) => doc._id);

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-store-files-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    ['a half-written record', '{"put":[{"_id":"torn","v":'],
    ['a zero-filled block', '\0'.repeat(512)],
    ['a whole record missing its newline', '{"put":[{"_id":"torn","v":1}]}'],
  ])('cuts off %s at the end of the log, keeps it aside, and appends cleanly after', async (_label, tail) => {
    const store = await EmbeddedDocumentStore.open({ dataDir });
    await store.collection<Note>('notes').insertMany([
      { _id: 'a', v: 1 },
      { _id: 'b', v: 2 },
    ]);
    await store.collection<Note>('notes').deleteOne({ _id: 'a' });
    await store.close();
    fs.appendFileSync(wal(), tail);

    const reopened = await EmbeddedDocumentStore.open({ dataDir });
    expect(await ids(reopened)).toEqual(['b']);
    const kept = fs.readdirSync(dataDir).filter((file) => file.startsWith(`${logFile('notes')}.torn-`));
    expect(kept).toHaveLength(1);
    expect(fs.readFileSync(path.join(dataDir, kept[0]), 'utf8')).toBe(tail);
    await reopened.collection<Note>('notes').insertOne({ _id: 'c', v: 3 });
    await reopened.close();

    const again = await EmbeddedDocumentStore.open({ dataDir });
    expect(await ids(again)).toEqual(['b', 'c']);
    await again.close();
  });

  it('compacts the log into a snapshot and reads both back', async () => {
    const store = await EmbeddedDocumentStore.open({ dataDir, compactAfterBytes: 1_024 });
    const notes = store.collection<Note>('notes', { indexes: [{ key: { v: 1 }, unique: true }] });
    for (let i = 0; i < 200; i++) await notes.insertOne({ _id: `n${String(i).padStart(3, '0')}`, v: i });
    await notes.deleteMany({ v: { $lt: 100 } });
    await store.close();
    expect(fs.statSync(path.join(dataDir, snapshotFile('notes'))).size).toBeGreaterThan(0);
    expect(fs.statSync(wal()).size).toBeLessThan(20_000);

    const reopened = await EmbeddedDocumentStore.open({ dataDir });
    const again = reopened.collection<Note>('notes');
    await expect(again.countDocuments()).resolves.toBe(100);
    await expect(again.insertOne({ _id: 'dup', v: 150 })).rejects.toMatchObject({ indexName: 'v_1' });
    await reopened.close();
  });

  it('replaying the log over a snapshot that already holds it gives the same state (crash before the log was emptied)', async () => {
    const store = await EmbeddedDocumentStore.open({ dataDir });
    const notes = store.collection<Note>('notes');
    await notes.insertMany([
      { _id: 'a', v: 1 },
      { _id: 'b', v: 1 },
    ]);
    await notes.deleteOne({ _id: 'a' });
    await notes.updateOne({ _id: 'b' }, { $inc: { v: 1 } });
    await notes.insertOne({ _id: 'a', v: 9 });
    await store.close();
    const fullLog = fs.readFileSync(wal());

    // Compact (tiny threshold: the next write triggers it), then put the pre-compaction log back, as
    // if the process died between renaming the snapshot and truncating the log. A leftover temporary
    // snapshot from an even earlier crash sits beside it.
    const compacting = await EmbeddedDocumentStore.open({ dataDir, compactAfterBytes: 1 });
    await compacting.collection<Note>('notes').updateOne({ _id: 'b' }, { $inc: { v: 1 } });
    await compacting.close();
    expect(fs.statSync(wal()).size).toBe(0);
    fs.writeFileSync(wal(), Buffer.concat([fullLog, Buffer.from('{"put":[{"_id":"b","v":3}]}\n')]));
    fs.writeFileSync(
      path.join(dataDir, `${snapshotFile('notes')}.tmp`),
      '{"snapshot":1,"count":5}\n{"_id":"junk"',
    );

    const reopened = await EmbeddedDocumentStore.open({ dataDir });
    await expect(reopened.collection<Note>('notes').find({})).resolves.toEqual([
      { _id: 'a', v: 9 },
      { _id: 'b', v: 3 },
    ]);
    expect(fs.existsSync(path.join(dataDir, `${snapshotFile('notes')}.tmp`))).toBe(false);
    await reopened.close();
  });

  it('refuses a second opener in the same process and reports closed after close', async () => {
    const store = await EmbeddedDocumentStore.open({ dataDir });
    await expect(EmbeddedDocumentStore.open({ dataDir })).rejects.toBeInstanceOf(StoreLockedError);
    await store.close();
    await expect(store.check()).resolves.toMatchObject({ ok: false });
    expect(() => store.collection('notes')).toThrow(/closed/);
    const reopened = await EmbeddedDocumentStore.open({ dataDir });
    await reopened.close();
  });
});
