import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedDocumentStore } from '../../store';
import { FileProcessedIds, markProcessed, MemoryProcessedIds, processedAmong } from './processed-ids';
import { StoreProcessedIds } from './store-processed-ids';

describe('processed-id records', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-ids-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps groups apart and forgets the oldest ids beyond its window', async () => {
    const ids = new MemoryProcessedIds(2);
    await ids.add('content', 'a');
    await expect(ids.has('content', 'a')).resolves.toBe(true);
    await expect(ids.has('trending', 'a')).resolves.toBe(false);
    await ids.add('content', 'b');
    await ids.add('content', 'c');
    await expect(ids.has('content', 'a')).resolves.toBe(false);
    await expect(ids.has('content', 'c')).resolves.toBe(true);
  });

  it('on file, remembers ids across a reopen, ignoring a line cut short by a crash', async () => {
    const first = new FileProcessedIds(dir);
    await first.add('content', 'id-1');
    await first.add('content', 'id\nwith newline');
    await first.close();
    fs.appendFileSync(path.join(dir, 'content.ids'), '"id-torn');

    const second = new FileProcessedIds(dir);
    await expect(second.has('content', 'id-1')).resolves.toBe(true);
    await expect(second.has('content', 'id\nwith newline')).resolves.toBe(true);
    await expect(second.has('content', 'id-torn')).resolves.toBe(false);
    await second.add('content', 'id-2');
    await second.close();
    const third = new FileProcessedIds(dir);
    await expect(third.has('content', 'id-2')).resolves.toBe(true);
    await third.close();
  });

  it('on file, never grows past twice its window, across reopens too', async () => {
    const lines = () => fs.readFileSync(path.join(dir, 'content.ids'), 'utf8').trim().split('\n').length;
    let largest = 0;
    for (let run = 0; run < 5; run++) {
      const ids = new FileProcessedIds(dir, { window: 10 });
      for (let i = 0; i < 17; i++) {
        await ids.add('content', `id-${run}-${i}`);
        largest = Math.max(largest, lines());
      }
      await ids.close();
    }
    expect(largest).toBeLessThan(20);
    const reopened = new FileProcessedIds(dir, { window: 10 });
    await expect(reopened.has('content', 'id-4-16')).resolves.toBe(true);
    await reopened.close();
  });

  it('on file, compacts to its window and refuses a second writer for a group', async () => {
    const ids = new FileProcessedIds(dir, { window: 10 });
    for (let i = 0; i < 25; i++) await ids.add('content', `id-${i}`);
    const lines = fs.readFileSync(path.join(dir, 'content.ids'), 'utf8').trim().split('\n');
    expect(lines.length).toBeLessThan(20);
    await expect(ids.has('content', 'id-24')).resolves.toBe(true);
    await expect(ids.has('content', 'id-0')).resolves.toBe(false);
    await expect(new FileProcessedIds(dir).has('content', 'id-24')).rejects.toThrow(
      /already open in this process/,
    );
    await ids.close();
  });

  it('in the store, answers and records a batch of ids in one call each, idempotently', async () => {
    const store = await EmbeddedDocumentStore.open({ dataDir: dir });
    try {
      const ids = new StoreProcessedIds(store);
      await ids.add('trending', 'e1');
      await markProcessed(ids, 'trending', ['e2', 'e1', 'e3']);
      expect([...(await processedAmong(ids, 'trending', ['e0', 'e1', 'e2', 'e3', 'e4']))].sort()).toEqual([
        'e1',
        'e2',
        'e3',
      ]);
      expect(await processedAmong(ids, 'other-group', ['e1'])).toEqual(new Set());
      expect(await ids.has('trending', 'e3')).toBe(true);
      // The memory record answers through the same helpers, one id at a time.
      const memory = new MemoryProcessedIds();
      await markProcessed(memory, 'g', ['a', 'b']);
      expect(await processedAmong(memory, 'g', ['a', 'c'])).toEqual(new Set(['a']));
    } finally {
      await store.close();
    }
  });
});
