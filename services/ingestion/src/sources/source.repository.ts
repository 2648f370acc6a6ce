import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type Collection, type DocumentStore, type UpdateSpec } from '@pulse/platform';
import type { SourceDocument } from './source.entity';

interface MetaDocument {
  _id: string;
  at: string;
}

/** Storage of sources; no rules here (sources.service.ts holds them). */
@Injectable()
export class SourceRepository {
  private readonly sources: Collection<SourceDocument>;
  private readonly meta: Collection<MetaDocument>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.sources = store.collection<SourceDocument>('sources', {
      indexes: [
        // One source per feed URL: adding the same feed twice would double every story's sources.
        { key: { url: 1 }, unique: true },
        // The scheduler's question: which unpaused sources are due (dueAt, nextDueAt).
        { key: { paused: 1, nextRunAt: 1 } },
      ],
    });
    this.meta = store.collection<MetaDocument>('ingestion_meta');
  }

  /** Throws DuplicateKeyError when the id or URL is taken. */
  insert(source: SourceDocument): Promise<void> {
    return this.sources.insertOne(source);
  }

  findById(id: string): Promise<SourceDocument | null> {
    return this.sources.findOne({ _id: id });
  }

  list(): Promise<SourceDocument[]> {
    return this.sources.find({}, { sort: { category: 1, name: 1 } });
  }

  listIds(filter: { paused?: boolean } = {}): Promise<string[]> {
    const query = filter.paused === undefined ? {} : { paused: filter.paused };
    return this.sources
      .find<{ _id: string }>(query, { projection: { _id: 1 } })
      .then((rows) => rows.map((row) => row._id));
  }

  /** Returns the updated source, or null when it does not exist. */
  update(id: string, update: UpdateSpec): Promise<SourceDocument | null> {
    return this.sources.findOneAndUpdate({ _id: id }, update, { returnDocument: 'after' });
  }

  async delete(id: string): Promise<boolean> {
    return (await this.sources.deleteOne({ _id: id })).deleted === 1;
  }

  /** Unpaused sources due at `nowIso` (never run, or nextRunAt reached). */
  dueIds(nowIso: string): Promise<string[]> {
    return this.sources
      .find<{ _id: string }>(
        { paused: false, $or: [{ nextRunAt: null }, { nextRunAt: { $lte: nowIso } }] },
        { projection: { _id: 1 }, sort: { nextRunAt: 1 } },
      )
      .then((rows) => rows.map((row) => row._id));
  }

  /** The earliest nextRunAt of an unpaused source, or null if there is none. */
  async nextDueAt(): Promise<string | null> {
    const next = await this.sources.findOne<{ nextRunAt: string | null }>(
      { paused: false, nextRunAt: { $ne: null } },
      { projection: { nextRunAt: 1 }, sort: { nextRunAt: 1 } },
    );
    return next?.nextRunAt ?? null;
  }

  async hasMarker(id: string): Promise<boolean> {
    return (await this.meta.findOne({ _id: id })) !== null;
  }

  async setMarker(id: string, at: string): Promise<void> {
    await this.meta.updateOne({ _id: id }, { $set: { at } }, { upsert: true });
  }
}
