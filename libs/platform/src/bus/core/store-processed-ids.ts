import type { Collection, DocumentStore } from '../../store';
import { DuplicateKeyError, insertNew } from '../../store';
import type { ProcessedIds } from './processed-ids';

interface ProcessedIdDocument {
  _id: string;
  group: string;
  processedAt: string;
}

/** Redelivery concerns only events after the last committed offset; a week is far beyond any of that. */
const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_ADDS = 1000;

/**
 * The processed-id record kept in the service's own document store (MongoDB in production), so it is
 * shared by all replicas of a service and survives a pod being replaced — a file under the pod's disk
 * would not. Pruned by age as it goes, because the store port has no TTL indexes (and the MongoDB-
 * compatible test server ignores them).
 */
export class StoreProcessedIds implements ProcessedIds {
  private readonly collection: Collection<ProcessedIdDocument>;
  private addsSincePrune = 0;

  constructor(
    store: DocumentStore,
    private readonly retentionMs = RETENTION_MS,
  ) {
    // processedAt serves the pruning deleteMany below.
    this.collection = store.collection<ProcessedIdDocument>('bus_processed_ids', {
      indexes: [{ key: { processedAt: 1 } }],
    });
  }

  async has(group: string, id: string): Promise<boolean> {
    return (await this.collection.findOne({ _id: `${group}:${id}` })) !== null;
  }

  async hasMany(group: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const found = await this.collection.find<{ _id: string }>(
      { _id: { $in: ids.map((id) => `${group}:${id}`) } },
      { projection: { _id: 1 } },
    );
    return new Set(found.map((doc) => doc._id.slice(group.length + 1)));
  }

  async addMany(group: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const processedAt = new Date().toISOString();
    await insertNew(
      this.collection,
      ids.map((id) => ({ _id: `${group}:${id}`, group, processedAt })),
    );
    await this.pruneAfter(ids.length);
  }

  async add(group: string, id: string): Promise<void> {
    try {
      await this.collection.insertOne({
        _id: `${group}:${id}`,
        group,
        processedAt: new Date().toISOString(),
      });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error; // already recorded: add is idempotent
    }
    await this.pruneAfter(1);
  }

  private async pruneAfter(adds: number): Promise<void> {
    this.addsSincePrune += adds;
    if (this.addsSincePrune >= PRUNE_EVERY_ADDS) {
      this.addsSincePrune = 0;
      const cutoff = new Date(Date.now() - this.retentionMs).toISOString();
      await this.collection.deleteMany({ processedAt: { $lt: cutoff } });
    }
  }
}
