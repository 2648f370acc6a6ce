import fs from 'node:fs';
import path from 'node:path';
import { AppendFile } from '../core/append-file';

/** Committed positions of the embedded bus: per group, topic and partition, the next offset to read. */
export interface OffsetStore {
  /** Undefined if the group never committed on this partition. */
  committed(group: string, topic: string, partition: number): number | undefined;
  commit(group: string, topic: string, partition: number, next: number): void;
  /**
   * Every group that ever subscribed to the topic, with its position per partition: retention keeps
   * what any of them has not committed. A group on disk but not running in this process counts too.
   */
  positions(topic: string): Map<string, ReadonlyMap<number, number>>;
  close(): void;
}

export class MemoryOffsetStore implements OffsetStore {
  /** topic → group → partition → next offset. */
  private readonly topics = new Map<string, Map<string, Map<number, number>>>();

  committed(group: string, topic: string, partition: number): number | undefined {
    return this.topics.get(topic)?.get(group)?.get(partition);
  }

  commit(group: string, topic: string, partition: number, next: number): void {
    let groups = this.topics.get(topic);
    if (!groups) this.topics.set(topic, (groups = new Map()));
    let offsets = groups.get(group);
    if (!offsets) groups.set(group, (offsets = new Map()));
    offsets.set(partition, next);
  }

  positions(topic: string): Map<string, ReadonlyMap<number, number>> {
    return new Map(this.topics.get(topic));
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

const OFFSETS_SUFFIX = '.offsets';

function parseOffsets(lines: readonly string[]): Map<number, number> {
  const next = new Map<number, number>();
  for (const line of lines) {
    const [partition, offset] = line.split(' ').map(Number);
    if (Number.isInteger(partition) && Number.isInteger(offset)) next.set(partition, offset);
  }
  return next;
}

/**
 * `<dir>/offsets/<group>/<topic>.offsets`: a commit appends `partition offset`; the last line of a
 * partition wins. Appending is one small write, cheap enough to commit often, and a torn last line
 * (a crash mid-write) only loses that commit, which redelivery and the processed-id record absorb.
 */
export class FileOffsetStore implements OffsetStore {
  private readonly files = new Map<string, OffsetsFile>();

  constructor(private readonly dir: string) {}

  committed(group: string, topic: string, partition: number): number | undefined {
    return this.open(group, topic).next.get(partition);
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

  positions(topic: string): Map<string, ReadonlyMap<number, number>> {
    const root = path.join(this.dir, 'offsets');
    const result = new Map<string, ReadonlyMap<number, number>>();
    for (const entry of fs.existsSync(root) ? fs.readdirSync(root) : []) {
      const file = path.join(root, entry, `${topic}${OFFSETS_SUFFIX}`);
      const group = decodeGroup(entry);
      const open = this.files.get(`${group}\n${topic}`);
      if (open) result.set(group, open.next);
      // Groups not running here are read, not opened: no descriptor held for each of them.
      else if (fs.existsSync(file)) result.set(group, parseOffsets(AppendFile.read(file).lines));
    }
    return result;
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
    const { file, lines } = AppendFile.open(path.join(groupDir, `${topic}${OFFSETS_SUFFIX}`));
    const state = { file, next: parseOffsets(lines), lines: lines.length };
    this.files.set(key, state);
    return state;
  }
}

/** Directory names are encodeURIComponent(group); one that is not (put there by hand) is taken as is. */
function decodeGroup(entry: string): string {
  try {
    return decodeURIComponent(entry);
  } catch {
    return entry;
  }
}
