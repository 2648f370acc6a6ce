import fs from 'node:fs';
import path from 'node:path';
import { AppendFile } from './append-file';

/** Committed positions of the embedded bus: per group, topic and partition, the next offset to read. */
export interface OffsetStore {
  committed(group: string, topic: string, partition: number): number;
  commit(group: string, topic: string, partition: number, next: number): void;
  close(): void;
}

export class MemoryOffsetStore implements OffsetStore {
  private readonly offsets = new Map<string, number>();
  committed(group: string, topic: string, partition: number): number {
    return this.offsets.get(`${group}\n${topic}\n${partition}`) ?? 0;
  }
  commit(group: string, topic: string, partition: number, next: number): void {
    this.offsets.set(`${group}\n${topic}\n${partition}`, next);
  }
  close(): void {}
}

interface OffsetsFile {
  file: AppendFile;
  next: Map<number, number>;
  lines: number;
}

// Rewriting the file to one line per partition every so often keeps start-up reads short.
const COMPACT_AFTER_LINES = 10_000;

/**
 * `<dir>/offsets/<group>/<topic>.offsets`: a commit appends `partition offset`; the last line of a
 * partition wins. Appending is one small write, cheap enough to commit often, and a torn last line
 * (a crash mid-write) only loses that commit, which redelivery and the processed-id record absorb.
 */
export class FileOffsetStore implements OffsetStore {
  private readonly files = new Map<string, OffsetsFile>();

  constructor(private readonly dir: string) {}

  committed(group: string, topic: string, partition: number): number {
    return this.open(group, topic).next.get(partition) ?? 0;
  }

  commit(group: string, topic: string, partition: number, next: number): void {
    const state = this.open(group, topic);
    state.file.append([`${partition} ${next}`]);
    state.next.set(partition, next);
    if (++state.lines >= COMPACT_AFTER_LINES) {
      state.file.rewrite([...state.next].map(([p, offset]) => `${p} ${offset}`));
      state.lines = state.next.size;
    }
  }

  close(): void {
    for (const state of this.files.values()) state.file.close();
    this.files.clear();
  }

  private open(group: string, topic: string): OffsetsFile {
    const key = `${group}\n${topic}`;
    const existing = this.files.get(key);
    if (existing) return existing;
    const groupDir = path.join(this.dir, 'offsets', encodeURIComponent(group));
    fs.mkdirSync(groupDir, { recursive: true });
    const { file, lines } = AppendFile.open(path.join(groupDir, `${topic}.offsets`));
    const next = new Map<number, number>();
    for (const line of lines) {
      const [partition, offset] = line.split(' ').map(Number);
      if (Number.isInteger(partition) && Number.isInteger(offset)) next.set(partition, offset);
    }
    const state = { file, next, lines: lines.length };
    this.files.set(key, state);
    return state;
  }
}
