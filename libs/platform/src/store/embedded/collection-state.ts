import type { Filter } from '../store.port';
import { DuplicateKeyError, StoreCorruptError } from '../store.errors';
import type { NormalizedIndexSpec } from '../shared/index-spec';
import { CollectionIndexes, equalityValues } from './collection-indexes';
import type { CollectionImage, CollectionJournal, JournalRecord, StoredDoc } from './collection-journal';
import { compileFilter } from './mingo-engine';

/**
 * One collection in memory: documents by `_id` (in insertion order), their indexes, and the journal
 * that makes changes durable. Every method that changes memory is synchronous and paired with a
 * journal record in the same turn, so concurrent callers are serialised and the log order is the
 * order in which changes happened.
 */
export class CollectionState {
  readonly docs: Map<string, StoredDoc>;
  readonly indexes: CollectionIndexes;

  constructor(
    readonly name: string,
    loaded: CollectionImage,
    private readonly journal: CollectionJournal,
  ) {
    this.docs = loaded.docs;
    this.indexes = new CollectionIndexes(name);
    try {
      for (const spec of loaded.indexes) this.indexes.add(spec, this.docs.values());
    } catch (cause) {
      throw new StoreCorruptError(`Collection ${name} on disk violates its own unique indexes`, { cause });
    }
  }

  image(): CollectionImage {
    return { docs: this.docs, indexes: this.indexes.specs() };
  }

  get brokenBy(): Error | undefined {
    return this.journal.brokenBy;
  }

  /** Matching documents (the stored objects: callers copy before handing them out), insertion order. */
  matching(filter: Filter): StoredDoc[] {
    const test = compileFilter(filter);
    const out: StoredDoc[] = [];
    for (const doc of this.candidates(filter)) if (test(doc)) out.push(doc);
    return out;
  }

  /** Puts a new document in memory; the caller journals it. Throws DuplicateKeyError. */
  insert(doc: StoredDoc): void {
    if (this.docs.has(doc._id)) throw new DuplicateKeyError(this.name, '_id_');
    const conflict = this.indexes.conflictOf(doc);
    if (conflict) throw new DuplicateKeyError(this.name, conflict);
    this.docs.set(doc._id, doc);
    this.indexes.insert(doc);
  }

  replace(current: StoredDoc, next: StoredDoc): void {
    const conflict = this.indexes.conflictOf(next);
    if (conflict) throw new DuplicateKeyError(this.name, conflict);
    this.indexes.remove(current);
    this.docs.set(next._id, next);
    this.indexes.insert(next);
  }

  remove(doc: StoredDoc): void {
    this.indexes.remove(doc);
    this.docs.delete(doc._id);
  }

  addIndex(spec: NormalizedIndexSpec): Promise<void> {
    return this.indexes.add(spec, this.docs.values()) ? this.journal.append({ index: spec }) : Promise.resolve();
  }

  journalRecord(record: JournalRecord): Promise<void> {
    return this.journal.append(record);
  }

  close(): Promise<void> {
    return this.journal.close();
  }

  private candidates(filter: Filter): Iterable<StoredDoc> {
    const ids = equalityValues(filter._id) ?? this.indexes.candidateIds(filter);
    if (!ids) return this.docs.values();
    const out: StoredDoc[] = [];
    for (const id of new Set<unknown>(ids)) {
      const doc = this.docs.get(id as string);
      if (doc) out.push(doc);
    }
    return out;
  }
}
