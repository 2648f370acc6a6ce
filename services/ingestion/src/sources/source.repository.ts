import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@pulse/contracts';
import {
  DOCUMENT_STORE,
  excludeOutbox,
  OUTBOX,
  type Collection,
  type DocumentStore,
  type OutboxWriter,
} from '@pulse/platform';
import type { SourceDocument } from './source.record';

interface MetaDocument {
  _id: string;
  at: string;
}

/** A removed source: the document that carries its last source.updated (the source's own is gone). */
interface SourceRemovalDocument {
  _id: string;
  sourceId: string;
  removedAt: string;
}

const SOURCES = 'sources';
const SOURCE_REMOVALS = 'source_removals';

/** Storage of sources; no rules here (sources.service.ts holds them). */
@Injectable()
export class SourceRepository {
  private readonly sources: Collection<SourceDocument>;
  private readonly removals: Collection<SourceRemovalDocument>;
  private readonly meta: Collection<MetaDocument>;

  constructor(
    @Inject(DOCUMENT_STORE) store: DocumentStore,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
  ) {
    outbox.register(SOURCES);
    outbox.register(SOURCE_REMOVALS);
    this.sources = store.collection<SourceDocument>(SOURCES, {
      indexes: [
        // One source per feed URL: adding the same feed twice would double every story's sources.
        { key: { url: 1 }, unique: true },
        // The scheduler's question: which unpaused sources are due (dueAt, nextDueAt).
        { key: { paused: 1, nextRunAt: 1 } },
      ],
    });
    this.removals = store.collection<SourceRemovalDocument>(SOURCE_REMOVALS);
    this.meta = store.collection<MetaDocument>('ingestion_meta');
  }

  /** Inserts the source with its events in one write; throws DuplicateKeyError when the id or URL is taken. */
  insert(source: SourceDocument, events: readonly EventEnvelope[] = []): Promise<void> {
    return this.outbox.insertOne(this.sources, source, events);
  }

  findById(id: string): Promise<SourceDocument | null> {
    return this.sources.findOne({ _id: id }, { projection: excludeOutbox() });
  }

  list(): Promise<SourceDocument[]> {
    return this.sources.find({}, { sort: { category: 1, name: 1 }, projection: excludeOutbox() });
  }

  listIds(filter: { paused?: boolean } = {}): Promise<string[]> {
    const query = filter.paused === undefined ? {} : { paused: filter.paused };
    return this.sources
      .find<{ _id: string }>(query, { projection: { _id: 1 } })
      .then((rows) => rows.map((row) => row._id));
  }

  /** Returns the updated source, or null when it does not exist. Run state only: it announces nothing. */
  recordStoryCount(id: string, count: number): Promise<SourceDocument | null> {
    return this.sources.findOneAndUpdate(
      { _id: id },
      { $set: { count } },
      {
        returnDocument: 'after',
        projection: excludeOutbox(),
      },
    );
  }

  /**
   * Sets `changes` with its events only while the source still has the announced fingerprint the
   * caller read (`announced`, undefined for never), so an event always describes the document it is
   * stored with. Null when the source is gone or another writer changed it first.
   */
  updateAnnounced(
    id: string,
    announced: string | undefined,
    changes: Partial<Omit<SourceDocument, '_id'>>,
    events: readonly EventEnvelope[],
  ): Promise<SourceDocument | null> {
    // { announced: null } also matches a document without the field (MongoDB semantics).
    return this.outbox.findOneAndUpdate<SourceDocument>(
      this.sources,
      { _id: id, announced: announced ?? null },
      { $set: changes },
      events,
      { returnDocument: 'after' },
    );
  }

  /** Stores the event announcing a removal; the source itself is deleted by `delete`. */
  recordRemoval(removal: SourceRemovalDocument, events: readonly EventEnvelope[]): Promise<void> {
    return this.outbox.insertOne(this.removals, removal, events);
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

  /** Whether the source is unpaused and due at `nowIso` (asked again under its poll's lease). */
  async isDue(id: string, nowIso: string): Promise<boolean> {
    const due = await this.sources.findOne<{ _id: string }>(
      { _id: id, paused: false, $or: [{ nextRunAt: null }, { nextRunAt: { $lte: nowIso } }] },
      { projection: { _id: 1 } },
    );
    return due !== null;
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
