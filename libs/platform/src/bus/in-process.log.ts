import fs from 'node:fs';
import path from 'node:path';
import { AppendFile } from './append-file';

/**
 * One partition of the embedded log: its records as JSON lines, kept in memory for reading and, with a
 * data dir, appended to `<dir>/topics/<topic>/<partition>.log` before a publish resolves.
 */
export class PartitionLog {
  private readonly lines: string[];
  private readonly waiting = new Set<() => void>();

  constructor(
    lines: string[],
    private readonly file?: AppendFile,
  ) {
    this.lines = lines;
  }

  get length(): number {
    return this.lines.length;
  }

  get(offset: number): string {
    return this.lines[offset];
  }

  append(lines: readonly string[]): void {
    this.file?.append(lines);
    for (const line of lines) this.lines.push(line);
    const wake = [...this.waiting];
    this.waiting.clear();
    for (const resolve of wake) resolve();
  }

  /** Resolves when a record exists at `offset`, or when the signal aborts. */
  waitFor(offset: number, signal: AbortSignal): Promise<void> {
    if (offset < this.lines.length || signal.aborted) return Promise.resolve();
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
    this.file?.close();
    for (const resolve of [...this.waiting]) resolve();
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

/**
 * All topics of the embedded bus. A topic's partition count is fixed when it is created and stored
 * beside it, because keys map to partitions by count: changing it later would reorder a key's events.
 */
export class EventLog {
  private readonly topics = new Map<string, TopicLog>();

  constructor(
    private readonly dir: string | undefined,
    private readonly options: { partitions: number; fsync: boolean },
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

  close(): void {
    for (const topic of this.topics.values()) for (const partition of topic.partitions) partition.close();
    this.topics.clear();
  }

  private fresh(count: number): PartitionLog[] {
    return Array.from({ length: count }, () => new PartitionLog([]));
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
      const { file, lines } = AppendFile.open(path.join(topicDir, `${index}.log`), {
        fsync: this.options.fsync,
      });
      return new PartitionLog(lines, file);
    });
    return { partitions };
  }
}
