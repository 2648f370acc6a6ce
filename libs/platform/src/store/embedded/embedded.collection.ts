import type {
  Collection,
  DeleteResult,
  Filter,
  FindOneAndUpdateOptions,
  FindOneOptions,
  FindOptions,
  IndexSpec,
  InsertManyResult,
  PipelineStage,
  SortSpec,
  UpdateOptions,
  UpdateResult,
  UpdateSpec,
} from '../store.port';
import { DuplicateKeyError, InvalidStoreOperationError } from '../store.errors';
import { normalizeFilter } from '../shared/filter.guard';
import { normalizeFindOptions, normalizeProjection, withIdTiebreak } from '../shared/find-options.guard';
import { normalizeIndexSpec } from '../shared/index-spec';
import { normalizePipeline } from '../shared/pipeline.guard';
import { cloneJson, toStoreDocument } from '../shared/store-value';
import { normalizeUpdate } from '../shared/update.guard';
import { upsertSeed, withUpsertId } from '../shared/upsert-seed';
import { sortDocuments } from '../shared/value-order';
import type { StoredDoc } from './collection-journal';
import type { CollectionState } from './collection-state';
import { setField } from './document-path';
import { project, runPipeline } from './mingo-engine';
import { applyUpdate } from './update-applier';

interface UpdateOutcome {
  result: UpdateResult;
  before: StoredDoc | null;
  after: StoredDoc | null;
}

/**
 * The port's Collection over one in-memory collection. Each method validates its input, waits for the
 * collection's indexes, then reads or changes memory synchronously (so it is atomic with respect to
 * every other call) and, for writes, resolves only once the journal has the change on disk.
 */
export class EmbeddedCollection<T extends { _id: string }> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly state: CollectionState,
    private readonly ready: Promise<void>,
    private readonly assertOpen: () => void,
  ) {}

  async insertOne(doc: T): Promise<void> {
    const stored = toStoreDocument(doc);
    await this.begin('write');
    this.state.insert(stored);
    await this.state.journalRecord({ put: [stored] });
  }

  async insertMany(docs: T[]): Promise<InsertManyResult> {
    if (!Array.isArray(docs)) throw new InvalidStoreOperationError('insertMany takes an array');
    const stored = docs.map((doc, i) => toStoreDocument(doc, `documents[${i}]`));
    await this.begin('write');
    const inserted: StoredDoc[] = [];
    let duplicate: DuplicateKeyError | undefined;
    for (const doc of stored) {
      try {
        this.state.insert(doc);
        inserted.push(doc);
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        duplicate = error;
        break;
      }
    }
    if (inserted.length > 0) await this.state.journalRecord({ put: inserted });
    if (duplicate) throw new DuplicateKeyError(this.name, duplicate.indexName, inserted.length);
    return { inserted: inserted.length };
  }

  async findOne<R = T>(filter: Filter, options: FindOneOptions = {}): Promise<R | null> {
    const normalized = normalizeFilter(filter);
    const sort = withIdTiebreak(options.sort);
    const projection = normalizeProjection(options.projection);
    await this.begin('read');
    const first = this.first(this.state.matching(normalized), sort);
    return first ? project<R>([cloneJson(first)], projection)[0] : null;
  }

  async find<R = T>(filter: Filter, options?: FindOptions): Promise<R[]> {
    const normalized = normalizeFilter(filter);
    const { sort, skip, limit, projection } = normalizeFindOptions(options);
    await this.begin('read');
    const end = limit === undefined ? undefined : skip + limit;
    const page = sortDocuments(this.state.matching(normalized), sort, end).slice(skip, end);
    return project<R>(page.map(cloneJson), projection);
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    const normalized = normalizeFilter(filter);
    await this.begin('read');
    return this.state.count(normalized);
  }

  async updateOne(filter: Filter, update: UpdateSpec, options: UpdateOptions = {}): Promise<UpdateResult> {
    return (await this.update(filter, update, { ...options, multi: false })).result;
  }

  async updateMany(filter: Filter, update: UpdateSpec, options: UpdateOptions = {}): Promise<UpdateResult> {
    return (await this.update(filter, update, { ...options, multi: true })).result;
  }

  async findOneAndUpdate<R = T>(
    filter: Filter,
    update: UpdateSpec,
    options: FindOneAndUpdateOptions,
  ): Promise<R | null> {
    if (options?.returnDocument !== 'before' && options?.returnDocument !== 'after') {
      throw new InvalidStoreOperationError("findOneAndUpdate needs returnDocument: 'before' | 'after'");
    }
    const projection = normalizeProjection(options.projection);
    const sort = withIdTiebreak(options.sort);
    const outcome = await this.update(filter, update, { upsert: options.upsert, multi: false, sort });
    const doc = options.returnDocument === 'before' ? outcome.before : outcome.after;
    return doc ? project<R>([cloneJson(doc)], projection)[0] : null;
  }

  async deleteOne(filter: Filter): Promise<DeleteResult> {
    return this.delete(filter, false);
  }

  async deleteMany(filter: Filter): Promise<DeleteResult> {
    return this.delete(filter, true);
  }

  async aggregate<R = Record<string, unknown>>(pipeline: PipelineStage[]): Promise<R[]> {
    const stages = normalizePipeline(pipeline);
    await this.begin('read');
    // A leading $match is answered with the indexes instead of a scan inside mingo.
    const [head, ...rest] = stages;
    const leadingMatch = head && '$match' in head ? head.$match : undefined;
    const source = leadingMatch ? this.state.matching(leadingMatch) : [...this.state.docs.values()];
    return runPipeline<R>(source.map(cloneJson), leadingMatch ? rest : stages);
  }

  async createIndexes(specs: IndexSpec[]): Promise<void> {
    const normalized = specs.map(normalizeIndexSpec);
    await this.begin('write');
    await Promise.all(normalized.map((spec) => this.state.addIndex(spec)));
  }

  private async begin(kind: 'read' | 'write'): Promise<void> {
    this.assertOpen();
    await this.ready;
    this.assertOpen();
    if (kind === 'write' && this.state.brokenBy) throw this.state.brokenBy;
  }

  /** The document MongoDB's findOne would pick: first in sort order (`_id` order by default). */
  private first(matches: StoredDoc[], sort: SortSpec): StoredDoc | undefined {
    return matches.length <= 1 ? matches[0] : sortDocuments(matches, sort, 1)[0];
  }

  private async update(
    filter: Filter,
    update: UpdateSpec,
    options: UpdateOptions & { multi: boolean; sort?: SortSpec },
  ): Promise<UpdateOutcome> {
    const normalized = normalizeFilter(filter);
    let spec = normalizeUpdate(update);
    if (options.upsert) spec = withUpsertId(normalized, spec);
    await this.begin('write');
    const all = this.state.matching(normalized);
    if (all.length === 0) return options.upsert ? this.upsert(normalized, spec) : noMatch();
    const matches = options.multi ? all : [options.sort ? this.first(all, options.sort)! : all[0]];
    const changed: StoredDoc[] = [];
    let after: StoredDoc = matches[0];
    let failure: unknown;
    // Like MongoDB's updateMany, a failure part-way keeps the documents already updated.
    try {
      for (const current of matches) {
        const next = applyUpdate(cloneJson(current), spec, false) as StoredDoc;
        if (current === matches[0]) after = next;
        if (JSON.stringify(next) === JSON.stringify(current)) continue;
        this.state.replace(current, next);
        changed.push(next);
      }
    } catch (error) {
      failure = error;
    }
    if (changed.length > 0) await this.state.journalRecord({ put: changed });
    if (failure) throw failure;
    return { result: { matched: matches.length, modified: changed.length }, before: matches[0], after };
  }

  private async upsert(filter: Filter, spec: UpdateSpec): Promise<UpdateOutcome> {
    const doc: Record<string, unknown> = {};
    for (const [path, value] of Object.entries(upsertSeed(filter))) setField(doc, path, cloneJson(value));
    const stored = toStoreDocument(applyUpdate(doc, spec, true), 'upserted document');
    this.state.insert(stored);
    await this.state.journalRecord({ put: [stored] });
    return { result: { matched: 0, modified: 0, upsertedId: stored._id }, before: null, after: stored };
  }

  private async delete(filter: Filter, multi: boolean): Promise<DeleteResult> {
    const normalized = normalizeFilter(filter);
    await this.begin('write');
    const matches = this.state.matching(normalized);
    const doomed = multi ? matches : matches.slice(0, 1);
    if (doomed.length === 0) return { deleted: 0 };
    for (const doc of doomed) this.state.remove(doc);
    await this.state.journalRecord({ del: doomed.map((doc) => doc._id) });
    return { deleted: doomed.length };
  }
}

const noMatch = (): UpdateOutcome => ({ result: { matched: 0, modified: 0 }, before: null, after: null });
