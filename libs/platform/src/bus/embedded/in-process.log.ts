import fs from 'node:fs';
import path from 'node:path';
import { appendTimeOf } from './in-process.record';
import { SegmentFiles, type StoredSegment } from './in-process.segments';

/** What retention sees of a segment. */
export interface SegmentInfo {
  readonly base: number;
  /** One past its last offset. */
  readonly end: number;
  readonly bytes: number;
  /** Append time of its newest record (the bus's clock); undefined while the segment is empty. */
  readonly newestAt?: number;
}

interface Segment {
  base: number;
  end: number;
  bytes: number;
  oldestAt?: number;
  newestAt?: number;
}

export interface PartitionLogOptions {
  /** A segment this large is closed and a new one started: retention deletes whole segments. */
  segmentBytes: number;
  /**
   * A segment whose first record is this old is closed too, so that a quiet partition's records also
   * reach a segment retention can delete instead of sharing one with every later record.
   */
  rollAfterMs: number;
}

const byteLength = (lines: readonly string[]) =>
  lines.reduce((total, line) => total + Buffer.byteLength(line) + 1, 0);

/**
 * One partition of the embedded log: the records retention has kept, as JSON lines in memory for
 * reading, in segments by offset; with a data dir also in segment files (SegmentFiles), appended to
 * before a publish resolves. Offsets are absolute: dropping old segments moves `start`, never renumbers.
 */
export class PartitionLog {
  /** lines[i] is the record at offset start + i; undefined for a hole (see constructor). */
  private lines: Array<string | undefined>;
  private startOffset: number;
  private readonly segments: Segment[];
  private readonly waiting = new Set<() => void>();

  constructor(
    stored: StoredSegment[],
    private readonly options: PartitionLogOptions,
    private readonly files?: SegmentFiles,
  ) {
    const segments = stored.length ? stored : [{ base: 0, lines: [], bytes: 0, mtimeMs: 0 }];
    this.startOffset = segments[0].base;
    this.lines = [];
    this.segments = [];
    for (const segment of segments) {
      const { base, lines } = segment;
      const end = this.end;
      if (base < end) throw new Error(`log segments overlap at offset ${base}`);
      if (this.lines.length === 0 && base === end) this.lines = lines;
      else {
        // A gap means a segment lost its tail in a power cut (without fsync) after the next one was
        // created. Later records keep their offsets; the lost ones read as holes that consumers skip.
        for (let offset = end; offset < base; offset++) this.lines.push(undefined);
        for (const line of lines) this.lines.push(line);
      }
      this.segments.push({
        base,
        end: base + lines.length,
        bytes: segment.bytes,
        oldestAt: lines.length ? (appendTimeOf(lines[0]) ?? segment.mtimeMs) : undefined,
        newestAt: lines.length ? (appendTimeOf(lines[lines.length - 1]) ?? segment.mtimeMs) : undefined,
      });
    }
  }

  /** Offset of the oldest record kept. */
  get start(): number {
    return this.startOffset;
  }

  /** Offset the next record will get. */
  get end(): number {
    return this.startOffset + this.lines.length;
  }

  /** Undefined below `start` (dropped by retention) and for holes. */
  get(offset: number): string | undefined {
    return this.lines[offset - this.startOffset];
  }

  /** Oldest first; the last one is the segment being appended to. */
  get segmentInfo(): readonly SegmentInfo[] {
    return this.segments;
  }

  get bytes(): number {
    return this.segments.reduce((total, segment) => total + segment.bytes, 0);
  }

  append(lines: readonly string[], appendedAt: number): void {
    if (lines.length === 0) return;
    let active = this.segments[this.segments.length - 1];
    if (
      active.end > active.base &&
      (active.bytes >= this.options.segmentBytes ||
        appendedAt - (active.oldestAt ?? appendedAt) >= this.options.rollAfterMs)
    )
      active = this.roll();
    const bytes = this.files ? this.files.append(lines) : byteLength(lines);
    for (const line of lines) this.lines.push(line);
    active.end += lines.length;
    active.bytes += bytes;
    active.oldestAt ??= appendedAt;
    // A clock stepped back must not make a segment look older than records it already holds.
    active.newestAt = Math.max(active.newestAt ?? appendedAt, appendedAt);
    const wake = [...this.waiting];
    this.waiting.clear();
    for (const resolve of wake) resolve();
  }

  /**
   * Drops the oldest `count` segments from disk and memory. Dropping every segment first starts an
   * empty one at `end`, whose file name keeps the next offset across a restart.
   */
  dropOldest(count: number): { records: number; bytes: number } {
    if (count <= 0) return { records: 0, bytes: 0 };
    const newest = this.segments[this.segments.length - 1];
    if (count >= this.segments.length && newest.end > newest.base) this.roll();
    count = Math.min(count, this.segments.length - 1);
    let dropped = 0;
    let records = 0;
    let bytes = 0;
    try {
      // Oldest first, one file at a time: a crash in between leaves a shorter but contiguous log.
      for (; dropped < count; dropped++) {
        const segment = this.segments[dropped];
        this.files?.remove(segment.base);
        records += segment.end - segment.base;
        bytes += segment.bytes;
      }
    } finally {
      // Memory follows what is gone from disk, even if a removal failed part-way.
      if (dropped > 0) {
        this.segments.splice(0, dropped);
        const start = this.segments[0].base;
        this.lines = this.lines.slice(start - this.startOffset);
        this.startOffset = start;
      }
    }
    return { records, bytes };
  }

  /** Resolves when a record exists at `offset`, or when the signal aborts. */
  waitFor(offset: number, signal: AbortSignal): Promise<void> {
    if (offset < this.end || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.waiting.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      this.waiting.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  close(): void {
    this.files?.close();
    for (const resolve of [...this.waiting]) resolve();
  }

  private roll(): Segment {
    const end = this.end;
    this.files?.roll(end);
    const segment: Segment = { base: end, end, bytes: 0 };
    this.segments.push(segment);
    return segment;
  }
}

export interface TopicLog {
  partitions: PartitionLog[];
}

/** Stable across restarts and processes (unlike a seeded hash), so a key always maps to one partition. */
export function partitionOf(key: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}

export interface EventLogOptions extends PartitionLogOptions {
  partitions: number;
  fsync: boolean;
}

/**
 * All topics of the embedded bus. A topic's partition count is fixed when it is created and stored
 * beside it, because keys map to partitions by count: changing it later would reorder a key's events.
 * On disk: `<dir>/topics/<topic>/meta.json` and `<dir>/topics/<topic>/<partition>/<base offset>.log`.
 */
export class EventLog {
  private readonly topics = new Map<string, TopicLog>();

  constructor(
    private readonly dir: string | undefined,
    private readonly options: EventLogOptions,
  ) {}

  topic(name: string): TopicLog {
    let topic = this.topics.get(name);
    if (!topic) {
      topic = this.dir
        ? this.openOnDisk(name, this.dir)
        : { partitions: this.fresh(this.options.partitions) };
      this.topics.set(name, topic);
    }
    return topic;
  }

  /** Every topic open in this process and, with a data dir, every topic on disk (opened now). */
  all(): Array<[string, TopicLog]> {
    if (this.dir) {
      const root = path.join(this.dir, 'topics');
      const onDisk = fs.existsSync(root) ? fs.readdirSync(root) : [];
      // Retention must also reach topics nothing has touched since the restart, or they never shrink.
      for (const name of onDisk) if (fs.existsSync(path.join(root, name, 'meta.json'))) this.topic(name);
    }
    return [...this.topics];
  }

  close(): void {
    for (const topic of this.topics.values()) for (const partition of topic.partitions) partition.close();
    this.topics.clear();
  }

  private fresh(count: number): PartitionLog[] {
    return Array.from({ length: count }, () => new PartitionLog([], this.options));
  }

  private openOnDisk(name: string, dir: string): TopicLog {
    const topicDir = path.join(dir, 'topics', name);
    fs.mkdirSync(topicDir, { recursive: true });
    const metaPath = path.join(topicDir, 'meta.json');
    let count = this.options.partitions;
    if (fs.existsSync(metaPath)) {
      count = (JSON.parse(fs.readFileSync(metaPath, 'utf8')) as { partitions: number }).partitions;
    } else {
      fs.writeFileSync(`${metaPath}.tmp`, JSON.stringify({ partitions: count }));
      fs.renameSync(`${metaPath}.tmp`, metaPath);
    }
    const partitions = Array.from({ length: count }, (_, index) => {
      const { files, segments } = SegmentFiles.open(
        path.join(topicDir, String(index)),
        path.join(topicDir, `${index}.log`),
        { fsync: this.options.fsync },
      );
      return new PartitionLog(segments, this.options, files);
    });
    return { partitions };
  }
}
