import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { StoreCorruptError } from '../store.errors';
import type { NormalizedIndexSpec } from '../shared/index-spec';
import { isPlainObject } from '../shared/store-value';
import {
  appendFullySync,
  replaceFileDurably,
  syncData,
  syncDirectorySync,
  truncateDurably,
} from './durable-file';

export type StoredDoc = Record<string, unknown> & { _id: string };

/**
 * One line of a collection's write-ahead log. Records hold results (whole documents after the write),
 * never operations: replaying a record twice gives the same state, which is what makes the crash
 * between "snapshot renamed" and "log truncated" harmless, and replay never depends on re-running a
 * query against a state that might differ.
 */
export type JournalRecord = { put: StoredDoc[] } | { del: string[] } | { index: NormalizedIndexSpec };

export interface CollectionImage {
  docs: Map<string, StoredDoc>;
  indexes: NormalizedIndexSpec[];
}

export interface JournalOptions {
  dir: string;
  collection: string;
  logger?: Logger;
  /** Compact once the log exceeds this many bytes and also the last snapshot's size. */
  compactAfterBytes: number;
}

export const snapshotFile = (collection: string) => `${collection}.snapshot.jsonl`;
export const logFile = (collection: string) => `${collection}.wal.jsonl`;

interface Waiter {
  line: string;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * A collection's files: `<name>.snapshot.jsonl` (a header line, then one document per line) and
 * `<name>.wal.jsonl` (records appended since). A write is acknowledged only after its record is
 * fdatasync'ed; writes that arrive while one flush is on disk share the next flush (group commit).
 */
export class CollectionJournal {
  private fd: number | undefined;
  private queue: Waiter[] = [];
  private flushing: Promise<void> | undefined;
  private logBytes: number;
  private snapshotBytes: number;
  private failure: Error | undefined;

  private constructor(
    private readonly options: JournalOptions,
    private readonly image: () => CollectionImage,
    sizes: { logBytes: number; snapshotBytes: number },
  ) {
    this.logBytes = sizes.logBytes;
    this.snapshotBytes = sizes.snapshotBytes;
  }

  /** Reads the snapshot and replays the log; a torn last record (a crash mid-append) is cut off. */
  static open(
    options: JournalOptions,
    image: () => CollectionImage,
  ): { journal: CollectionJournal; loaded: CollectionImage } {
    const loaded: CollectionImage = { docs: new Map(), indexes: [] };
    const snapshotBytes = readSnapshot(options, loaded);
    const logBytes = replayLog(options, loaded);
    return { journal: new CollectionJournal(options, image, { logBytes, snapshotBytes }), loaded };
  }

  /** The error that stopped this journal, if a write ever failed to reach the disk. */
  get brokenBy(): Error | undefined {
    return this.failure;
  }

  /** Queues a record; resolves once it is durable. Call synchronously after changing memory, so the log order is the memory order. */
  append(record: JournalRecord): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const line = `${JSON.stringify(record)}\n`;
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ line, resolve, reject });
      this.flushing ??= this.flushLoop();
    });
  }

  async close(): Promise<void> {
    await this.flushing;
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  private async flushLoop(): Promise<void> {
    // Let every write issued in this turn of the event loop join the first flush.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0);
        try {
          const bytes = Buffer.from(batch.map((waiter) => waiter.line).join(''), 'utf8');
          const fd = this.openLog();
          appendFullySync(fd, bytes);
          await syncData(fd);
          this.logBytes += bytes.length;
        } catch (cause) {
          this.fail(cause, batch);
          return;
        }
        for (const waiter of batch) waiter.resolve();
        if (this.logBytes >= Math.max(this.options.compactAfterBytes, this.snapshotBytes))
          await this.compact();
      }
    } finally {
      this.flushing = undefined;
    }
  }

  /**
   * Writes the whole collection as a new snapshot, then empties the log. Runs between flushes, so no
   * record is being written; records queued meanwhile are already in memory (so in the snapshot) and
   * land in the emptied log, where replaying them again is harmless.
   */
  private async compact(): Promise<void> {
    const { dir, collection, logger } = this.options;
    try {
      const image = this.image();
      const chunks = snapshotChunks(collection, image);
      const started = Date.now();
      this.snapshotBytes = await replaceFileDurably(dir, path.join(dir, snapshotFile(collection)), chunks);
      await truncateDurably(this.openLog(), 0);
      logger?.debug(
        { collection, docs: image.docs.size, logBytes: this.logBytes, ms: Date.now() - started },
        'store: compacted',
      );
      this.logBytes = 0;
    } catch (cause) {
      // The old snapshot and the full log are still valid; only log growth is affected. Retry later.
      logger?.warn(
        { err: cause, collection },
        'store: compaction failed; the log keeps growing until it succeeds',
      );
      this.snapshotBytes = this.logBytes * 2;
    }
  }

  private openLog(): number {
    if (this.fd !== undefined) return this.fd;
    const file = path.join(this.options.dir, logFile(this.options.collection));
    const created = !fs.existsSync(file);
    this.fd = fs.openSync(file, 'a');
    if (created) syncDirectorySync(this.options.dir);
    return this.fd;
  }

  private fail(cause: unknown, batch: Waiter[]): void {
    const file = path.join(this.options.dir, logFile(this.options.collection));
    this.failure = new StoreCorruptError(
      `Writing ${file} failed; collection ${this.options.collection} refuses writes until the process restarts`,
      { cause },
    );
    this.options.logger?.error({ err: cause, file }, 'store: write-ahead log write failed');
    for (const waiter of [...batch, ...this.queue.splice(0)]) waiter.reject(this.failure);
  }
}

/**
 * A collection's snapshot file, in chunks of about 1 MiB: a header line (format, collection, indexes,
 * count), then one document per line. Compaction writes it, and so does a backup (data-backup.ts).
 */
export function snapshotChunks(collection: string, { docs, indexes }: CollectionImage): string[] {
  const chunks = [`${JSON.stringify({ snapshot: 1, collection, indexes, count: docs.size })}\n`];
  let chunk = '';
  for (const doc of docs.values()) {
    chunk += `${JSON.stringify(doc)}\n`;
    if (chunk.length > 1 << 20) {
      chunks.push(chunk);
      chunk = '';
    }
  }
  chunks.push(chunk);
  return chunks;
}

function readSnapshot(options: JournalOptions, into: CollectionImage): number {
  const file = path.join(options.dir, snapshotFile(options.collection));
  fs.rmSync(`${file}.tmp`, { force: true }); // a compaction that never finished
  if (!fs.existsSync(file)) return 0;
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  try {
    const header = JSON.parse(lines[0]) as {
      snapshot: number;
      indexes: NormalizedIndexSpec[];
      count: number;
    };
    if (header.snapshot !== 1 || lines.length !== header.count + 2)
      throw new Error('document count does not match header');
    into.indexes.push(...header.indexes);
    for (let i = 1; i <= header.count; i++) {
      const doc = JSON.parse(lines[i]) as StoredDoc;
      into.docs.set(doc._id, doc);
    }
  } catch (cause) {
    // Snapshots are replaced atomically, so unlike the log's tail this cannot be a torn write.
    throw new StoreCorruptError(`Snapshot ${file} is unreadable`, { cause });
  }
  return Buffer.byteLength(text);
}

/** Applies the log's records; returns the log's size after cutting off a torn tail. */
function replayLog(options: JournalOptions, into: CollectionImage): number {
  const file = path.join(options.dir, logFile(options.collection));
  if (!fs.existsSync(file)) return 0;
  const bytes = fs.readFileSync(file);
  let offset = 0;
  while (offset < bytes.length) {
    const end = bytes.indexOf(0x0a, offset);
    const record = end === -1 ? undefined : parseRecord(bytes.toString('utf8', offset, end));
    if (!record) break;
    applyRecord(record, into);
    offset = end + 1;
  }
  if (offset < bytes.length) cutTornTail(options, file, bytes, offset);
  return offset;
}

/**
 * Only a write that was never acknowledged can be torn (acknowledgement waits for fdatasync), so what
 * follows the first bad line is dropped. It is kept beside the log, never silently deleted, in case
 * it was damage rather than a torn write.
 */
function cutTornTail(options: JournalOptions, file: string, bytes: Buffer, offset: number): void {
  const kept = `${file}.torn-${Date.now()}`;
  fs.writeFileSync(kept, bytes.subarray(offset));
  const fd = fs.openSync(file, 'r+');
  try {
    fs.ftruncateSync(fd, offset);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  options.logger?.warn(
    { collection: options.collection, droppedBytes: bytes.length - offset, keptIn: kept },
    'store: cut a torn record off the end of the write-ahead log (a crash during an unacknowledged write)',
  );
}

function parseRecord(line: string): JournalRecord | undefined {
  try {
    const record: unknown = JSON.parse(line);
    if (!isPlainObject(record)) return undefined;
    if (Array.isArray(record.put) || Array.isArray(record.del) || isPlainObject(record.index)) {
      return record as JournalRecord;
    }
  } catch {
    // falls through: not a whole record
  }
  return undefined;
}

function applyRecord(record: JournalRecord, into: CollectionImage): void {
  if ('put' in record) for (const doc of record.put) into.docs.set(doc._id, doc);
  else if ('del' in record) for (const id of record.del) into.docs.delete(id);
  else if (!into.indexes.some((spec) => spec.name === record.index.name)) into.indexes.push(record.index);
}
