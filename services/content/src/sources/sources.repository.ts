import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';
import type { SourceRecord } from './source.record';

/** Storage of the source catalogue copied from ingestion; no rules here. */
@Injectable()
export class SourcesRepository {
  private readonly sources: Collection<SourceRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    // A handful of documents: every read is the whole enabled list, so no index beyond _id.
    this.sources = store.collection<SourceRecord>('sources');
  }

  /**
   * Stores `source` unless a version at least as new is stored already; true when it was written. The
   * precondition is in the write (updatedAt $lt), so a redelivered or overtaken event changes nothing
   * even when two arrive at once.
   */
  async upsertIfNewer(source: SourceRecord): Promise<boolean> {
    const { _id, ...fields } = source;
    const { matched } = await this.sources.updateOne(
      { _id, updatedAt: { $lt: source.updatedAt } },
      { $set: fields },
    );
    if (matched === 1) return true;
    try {
      await this.sources.insertOne(source);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false; // stored already, as new or newer
      throw error;
    }
  }

  listEnabled(): Promise<SourceRecord[]> {
    return this.sources.find({ enabled: true }, { sort: { name: 1 } });
  }
}
