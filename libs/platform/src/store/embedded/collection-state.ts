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
    const { docs, exact } = this.candidates(filter);
    if (exact) return docs as StoredDoc[];
    const test = compileFilter(filter);
    const out: StoredDoc[] = [];
    for (const doc of docs) if (test(doc)) out.push(doc);
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
    return this.indexes.add(spec, this.docs.values())
      ? this.journal.append({ index: spec })
      : Promise.resolve();
  }

  journalRecord(record: JournalRecord): Promise<void> {
    return this.journal.append(record);
  }

  close(): Promise<void> {
    return this.journal.close();
  }

  /** How many documents match; an exact index lookup is counted without reading the documents. */
  count(filter: Filter): number {
    if (Object.keys(filter).length === 0) return this.docs.size;
    const found = this.lookup(filter);
    if (found?.exact && !found.byId) return found.ids instanceof Set ? found.ids.size : [...found.ids].length;
    return this.matching(filter).length;
  }

  /**
   * Documents that may match: those an index or `_id` points at, else all. `exact` when the filter is
   * nothing but equalities the lookup answered exactly (the index holds a key per array element, as
   * equality matches array elements), so the filter need not run.
   */
  private candidates(filter: Filter): { docs: Iterable<StoredDoc>; exact: boolean } {
    const found = this.lookup(filter);
    if (!found) return { docs: this.docs.values(), exact: false };
    const docs: StoredDoc[] = [];
    for (const id of found.ids instanceof Set ? found.ids : new Set<unknown>(found.ids)) {
      const doc = this.docs.get(id as string);
      if (doc) docs.push(doc);
    }
    return { docs, exact: found.exact };
  }

  /** The ids `_id` or an index points at; `byId` when they come from the filter (they may not exist). */
  private lookup(filter: Filter): { ids: Iterable<unknown>; exact: boolean; byId: boolean } | undefined {
    const byId = equalityValues(filter._id);
    if (byId) return { ids: byId, exact: Object.keys(filter).length === 1, byId: true };
    const found = this.indexes.lookup(filter, () => this.docs.values());
    return found && { ...found, byId: false };
  }
}
