import fs from 'node:fs';
import path from 'node:path';
import { AppendFile } from './append-file';
import { acquireFileLock } from './file-lock';

/**
 * Which envelope ids a consumer group has already handled, so a redelivered event (after a crash
 * between handling and committing, or a rebalance) is skipped. Injectable: the in-memory and file
 * records live here; a shared one (Redis, the document store) is what several replicas of a service need.
 */
export interface ProcessedIds {
  has(group: string, id: string): Promise<boolean>;
  /** Idempotent. Resolves once the record is durable for this store. */
  add(group: string, id: string): Promise<void>;
  /** The ids among `ids` already recorded, in one round trip where the record allows (batch delivery). */
  hasMany?(group: string, ids: readonly string[]): Promise<Set<string>>;
  /** add() for several ids at once; idempotent. */
  addMany?(group: string, ids: readonly string[]): Promise<void>;
  close?(): Promise<void>;
}

/**
 * No record at all, for a subscription whose handler applies each event once by markers written with
 * its effects (the inbox pattern, ARCHITECTURE.md 'Events and delivery'): the bus's own record would
 * be one more write per event that decides nothing. A redelivered event reaches that handler, which
 * finds its marker and changes nothing.
 */
export const HANDLER_KEEPS_MARKERS: ProcessedIds = {
  has: async () => false,
  add: async () => undefined,
  hasMany: async () => new Set(),
  addMany: async () => undefined,
};

/** hasMany where the record has it, else has() for each id. */
export async function processedAmong(
  record: ProcessedIds,
  group: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (record.hasMany) return record.hasMany(group, ids);
  const found = new Set<string>();
  for (const id of ids) if (await record.has(group, id)) found.add(id);
  return found;
}

/** addMany where the record has it, else add() for each id. */
export async function markProcessed(
  record: ProcessedIds,
  group: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  if (record.addMany) return record.addMany(group, ids);
  for (const id of ids) await record.add(group, id);
}

/**
 * Redelivery only ever concerns recent events (those after the last committed offset), so each group
 * keeps a bounded window of ids, oldest forgotten first. The default is far above any commit interval.
 */
export const DEFAULT_PROCESSED_IDS_WINDOW = 100_000;

/** A Set keeps insertion order, which makes it a cheap FIFO window. */
class IdWindow {
  private readonly ids = new Set<string>();
  constructor(private readonly max: number) {}
  has(id: string): boolean {
    return this.ids.has(id);
  }
  add(id: string): void {
    this.ids.add(id);
    if (this.ids.size > this.max) this.ids.delete(this.ids.values().next().value as string);
  }
  get size(): number {
    return this.ids.size;
  }
  values(): string[] {
    return [...this.ids];
  }
}

/** Forgets everything on restart: for tests and the purely in-memory bus, whose offsets die with it too. */
export class MemoryProcessedIds implements ProcessedIds {
  private readonly groups = new Map<string, IdWindow>();
  constructor(private readonly window = DEFAULT_PROCESSED_IDS_WINDOW) {}

  async has(group: string, id: string): Promise<boolean> {
    return this.groups.get(group)?.has(id) ?? false;
  }

  async add(group: string, id: string): Promise<void> {
    let ids = this.groups.get(group);
    if (!ids) this.groups.set(group, (ids = new IdWindow(this.window)));
    ids.add(id);
  }
}

interface GroupFile {
  ids: IdWindow;
  file: AppendFile;
  linesOnDisk: number;
  release: () => void;
}

/**
 * One append-only file per group (`<dir>/<group>.ids`, a JSON string per line), compacted to the window
 * when it has grown to twice its size. Single process per group: a lock file refuses a second writer.
 */
export class FileProcessedIds implements ProcessedIds {
  private readonly groups = new Map<string, GroupFile>();
  private closed = false;

  constructor(
    private readonly dir: string,
    private readonly options: { window?: number; fsync?: boolean } = {},
  ) {
    fs.mkdirSync(dir, { recursive: true });
  }

  async has(group: string, id: string): Promise<boolean> {
    return this.open(group).ids.has(id);
  }

  async add(group: string, id: string): Promise<void> {
    const state = this.open(group);
    if (state.ids.has(id)) return;
    state.file.append([JSON.stringify(id)]);
    state.ids.add(id);
    state.linesOnDisk++;
    if (state.linesOnDisk >= 2 * this.window) {
      const kept = state.ids.values();
      state.file.rewrite(kept.map((value) => JSON.stringify(value)));
      state.linesOnDisk = kept.length;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const state of this.groups.values()) {
      state.file.close();
      state.release();
    }
    this.groups.clear();
  }

  private get window(): number {
    return this.options.window ?? DEFAULT_PROCESSED_IDS_WINDOW;
  }

  private open(group: string): GroupFile {
    if (this.closed) throw new Error('processed-id record is closed');
    const existing = this.groups.get(group);
    if (existing) return existing;
    const base = path.join(this.dir, `${encodeURIComponent(group)}.ids`);
    const release = acquireFileLock(`${base}.lock`, `processed-id record of group '${group}'`);
    const { file, lines } = AppendFile.open(base, { fsync: this.options.fsync });
    const ids = new IdWindow(this.window);
    for (const line of lines) {
      const id = parseLine(line);
      if (id !== undefined) ids.add(id);
    }
    const state: GroupFile = { ids, file, linesOnDisk: lines.length, release };
    this.groups.set(group, state);
    return state;
  }
}

/** Only disk corruption produces an unreadable line; forgetting that one id beats refusing to start. */
function parseLine(line: string): string | undefined {
  try {
    const id: unknown = JSON.parse(line);
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
