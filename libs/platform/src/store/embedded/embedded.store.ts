import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { HealthResult } from '../../lifecycle';
import type { Collection, CollectionOptions, DocumentStore } from '../store.port';
import { StoreError } from '../store.errors';
import { assertCollectionName, normalizeIndexSpec } from '../shared/index-spec';
import { CollectionJournal, logFile, snapshotFile } from './collection-journal';
import { CollectionState } from './collection-state';
import { lockDataDir } from './data-dir.lock';
import { EmbeddedCollection } from './embedded.collection';

export interface EmbeddedStoreOptions {
  /** Folder holding this store's files; one process at a time (a lock file guards it). */
  dataDir: string;
  logger?: Logger;
  /** A collection's log is folded into a fresh snapshot once it grows past this (and past the snapshot). */
  compactAfterBytes?: number;
}

const DEFAULT_COMPACT_AFTER_BYTES = 8 * 1024 * 1024;

/**
 * The embedded, durable document store: collections live in memory and are queried with mingo; every
 * acknowledged write is on disk in the collection's write-ahead log (see collection-journal.ts). It
 * needs no server and no native module, which is what lets `npm start` run anywhere Node runs.
 * Every document is held in memory, so it suits what embedded mode is for (a demo, a laptop: up to a
 * few hundred MB of data), not production volumes; those go to MongoDB.
 */
export class EmbeddedDocumentStore implements DocumentStore {
  readonly adapterName = 'embedded';
  private readonly states = new Map<string, CollectionState>();
  private closed = false;

  private constructor(
    private readonly options: Required<Pick<EmbeddedStoreOptions, 'dataDir' | 'compactAfterBytes'>> &
      EmbeddedStoreOptions,
    private readonly unlock: () => void,
  ) {}

  /** Takes the folder's lock, then loads every collection found there (repairing a torn log tail). */
  static async open(options: EmbeddedStoreOptions): Promise<EmbeddedDocumentStore> {
    const dataDir = path.resolve(options.dataDir);
    fs.mkdirSync(dataDir, { recursive: true });
    const unlock = lockDataDir(dataDir);
    const store = new EmbeddedDocumentStore(
      { ...options, dataDir, compactAfterBytes: options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES },
      unlock,
    );
    try {
      for (const name of collectionsIn(dataDir)) store.stateOf(name);
    } catch (error) {
      unlock();
      throw error;
    }
    options.logger?.debug({ dataDir, collections: store.states.size }, 'store: embedded store opened');
    return store;
  }

  collection<T extends { _id: string }>(name: string, options: CollectionOptions = {}): Collection<T> {
    this.assertOpen();
    const state = this.stateOf(name);
    const ready = ensureIndexes(state, options);
    ready.catch(() => undefined); // reported by the first operation that awaits it
    return new EmbeddedCollection<T>(name, state, ready, () => this.assertOpen());
  }

  async check(): Promise<HealthResult> {
    if (this.closed) return { ok: false, reason: 'embedded store is closed' };
    for (const state of this.states.values()) {
      if (state.brokenBy) return { ok: false, reason: state.brokenBy.message };
    }
    return { ok: true };
  }

  /** Waits for queued writes to reach the disk, then releases the folder. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await Promise.all([...this.states.values()].map((state) => state.close()));
    } finally {
      this.unlock();
    }
  }

  private stateOf(name: string): CollectionState {
    let state = this.states.get(name);
    if (!state) {
      assertCollectionName(name);
      const { journal, loaded } = CollectionJournal.open(
        {
          dir: this.options.dataDir,
          collection: name,
          logger: this.options.logger,
          compactAfterBytes: this.options.compactAfterBytes,
        },
        () => state!.image(),
      );
      state = new CollectionState(name, loaded, journal);
      this.states.set(name, state);
    }
    return state;
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreError('The embedded document store is closed');
  }
}

async function ensureIndexes(state: CollectionState, options: CollectionOptions): Promise<void> {
  for (const spec of (options.indexes ?? []).map(normalizeIndexSpec)) await state.addIndex(spec);
}

/** Collection names from the files in the folder (a collection with only a log or only a snapshot counts). */
function collectionsIn(dir: string): string[] {
  const names = new Set<string>();
  for (const file of fs.readdirSync(dir)) {
    for (const suffix of [snapshotFile(''), logFile('')]) {
      if (file.endsWith(suffix) && file.length > suffix.length) names.add(file.slice(0, -suffix.length));
    }
  }
  return [...names];
}
