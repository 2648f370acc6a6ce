import type { Collection as NativeCollection, Document, UpdateFilter } from 'mongodb';
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
  UpdateOptions,
  UpdateResult,
  UpdateSpec,
} from '../store.port';
import { InvalidStoreOperationError, StoreUnavailableError } from '../store.errors';
import { normalizeFilter } from '../shared/filter.guard';
import { normalizeFindOptions, normalizeProjection, withIdTiebreak } from '../shared/find-options.guard';
import { normalizeIndexSpec } from '../shared/index-spec';
import { normalizePipeline } from '../shared/pipeline.guard';
import { toStoreDocument } from '../shared/store-value';
import { normalizeUpdate } from '../shared/update.guard';
import { withUpsertId } from '../shared/upsert-seed';
import { toPortError } from './mongo-errors';

/**
 * The port's Collection on a native MongoDB collection. Input goes through the same guards as the
 * embedded store's, then straight to the driver; driver errors come back as the port's errors.
 */
/** How long an operation may take by default (MONGO_OPERATION_TIMEOUT_MS). */
export const DEFAULT_OPERATION_TIMEOUT_MS = 30_000;

export class MongoCollection<T extends { _id: string }> implements Collection<T> {
  private declaredIndexes: IndexSpec[] = [];
  private indexesEnsured: Promise<void> | undefined = Promise.resolve();

  constructor(
    readonly name: string,
    private readonly native: NativeCollection<Document>,
    /**
     * Each operation's bound. The driver can leave a command waiting forever on a socket torn down as
     * it was written (stalled-monitor.watchdog.ts says how); the caller gets StoreUnavailableError
     * instead of hanging a request, or a consumer's partition, for good.
     */
    private readonly operationTimeoutMs = DEFAULT_OPERATION_TIMEOUT_MS,
  ) {}

  /**
   * Indexes every operation waits for. Creation starts now; if it fails (MongoDB briefly away at
   * start) the next operation tries again instead of the handle failing for good.
   */
  declareIndexes(specs: IndexSpec[]): void {
    this.declaredIndexes = specs;
    this.indexesEnsured = undefined;
    this.ensureIndexes().catch(() => undefined); // reported by the operation that awaits it
  }

  insertOne(doc: T): Promise<void> {
    return this.run(async () => {
      await this.native.insertOne(toStoreDocument(doc) as Document);
    });
  }

  insertMany(docs: T[]): Promise<InsertManyResult> {
    return this.run(async () => {
      if (!Array.isArray(docs)) throw new InvalidStoreOperationError('insertMany takes an array');
      const stored = docs.map((doc, i) => toStoreDocument(doc, `documents[${i}]`));
      // The driver refuses an empty batch; the port answers it like the embedded store.
      if (stored.length === 0) return { inserted: 0 };
      const result = await this.native.insertMany(stored as Document[], { ordered: true });
      return { inserted: result.insertedCount };
    });
  }

  findOne<R = T>(filter: Filter, options: FindOneOptions = {}): Promise<R | null> {
    return this.run(async () => {
      const normalized = normalizeFilter(filter);
      const sort = withIdTiebreak(options.sort);
      const projection = normalizeProjection(options.projection);
      return (await this.native.findOne(normalized, { sort, projection })) as R | null;
    });
  }

  find<R = T>(filter: Filter, options?: FindOptions): Promise<R[]> {
    return this.run(async () => {
      const normalized = normalizeFilter(filter);
      const { sort, skip, limit, projection } = normalizeFindOptions(options);
      const cursor = this.native.find(normalized, { sort, skip, projection });
      if (limit !== undefined) cursor.limit(limit);
      return (await cursor.toArray()) as R[];
    });
  }

  countDocuments(filter: Filter = {}): Promise<number> {
    return this.run(() => this.native.countDocuments(normalizeFilter(filter)));
  }

  updateOne(filter: Filter, update: UpdateSpec, options: UpdateOptions = {}): Promise<UpdateResult> {
    return this.run(async () => {
      const [normalized, spec] = this.prepareUpdate(filter, update, options);
      return toUpdateResult(
        await this.native.updateOne(normalized, spec, { upsert: options.upsert === true }),
      );
    });
  }

  updateMany(filter: Filter, update: UpdateSpec, options: UpdateOptions = {}): Promise<UpdateResult> {
    return this.run(async () => {
      const [normalized, spec] = this.prepareUpdate(filter, update, options);
      return toUpdateResult(
        await this.native.updateMany(normalized, spec, { upsert: options.upsert === true }),
      );
    });
  }

  findOneAndUpdate<R = T>(
    filter: Filter,
    update: UpdateSpec,
    options: FindOneAndUpdateOptions,
  ): Promise<R | null> {
    return this.run(async () => {
      if (options?.returnDocument !== 'before' && options?.returnDocument !== 'after') {
        throw new InvalidStoreOperationError("findOneAndUpdate needs returnDocument: 'before' | 'after'");
      }
      const [normalized, spec] = this.prepareUpdate(filter, update, options);
      return (await this.native.findOneAndUpdate(normalized, spec, {
        upsert: options.upsert === true,
        returnDocument: options.returnDocument,
        sort: withIdTiebreak(options.sort),
        projection: normalizeProjection(options.projection),
        includeResultMetadata: false,
      })) as R | null;
    });
  }

  deleteOne(filter: Filter): Promise<DeleteResult> {
    return this.run(async () => ({
      deleted: (await this.native.deleteOne(normalizeFilter(filter))).deletedCount,
    }));
  }

  deleteMany(filter: Filter): Promise<DeleteResult> {
    return this.run(async () => ({
      deleted: (await this.native.deleteMany(normalizeFilter(filter))).deletedCount,
    }));
  }

  aggregate<R = Record<string, unknown>>(pipeline: PipelineStage[]): Promise<R[]> {
    return this.run(async () => (await this.native.aggregate(normalizePipeline(pipeline)).toArray()) as R[]);
  }

  createIndexes(specs: IndexSpec[]): Promise<void> {
    return this.run(() => this.createIndexesNow(specs));
  }

  private prepareUpdate(
    filter: Filter,
    update: UpdateSpec,
    options: UpdateOptions,
  ): [Filter, UpdateFilter<Document>] {
    const normalized = normalizeFilter(filter);
    const spec = normalizeUpdate(update);
    return [normalized, (options.upsert ? withUpsertId(normalized, spec) : spec) as UpdateFilter<Document>];
  }

  /** Waits for the declared indexes, runs, and translates errors (guards' errors pass through as they are). */
  private ensureIndexes(): Promise<void> {
    this.indexesEnsured ??= this.createIndexesNow(this.declaredIndexes).catch((error: unknown) => {
      this.indexesEnsured = undefined;
      throw toPortError(error, this.name);
    });
    return this.indexesEnsured;
  }

  private async createIndexesNow(specs: IndexSpec[]): Promise<void> {
    const normalized = specs.map(normalizeIndexSpec);
    if (normalized.length === 0) return;
    await this.native.createIndexes(
      normalized.map(({ name, key, unique }) => (unique ? { name, key, unique } : { name, key })),
    );
  }

  private async run<R>(operation: () => Promise<R>): Promise<R> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new StoreUnavailableError(
              `MongoDB did not answer an operation on ${this.name} within ${this.operationTimeoutMs} ms`,
            ),
          ),
        this.operationTimeoutMs,
      );
    });
    try {
      return await Promise.race([
        (async () => {
          await this.ensureIndexes();
          return await operation();
        })(),
        deadline,
      ]);
    } catch (error) {
      throw toPortError(error, this.name);
    } finally {
      clearTimeout(timer);
    }
  }
}

function toUpdateResult(result: {
  matchedCount: number;
  modifiedCount: number;
  upsertedId: unknown;
}): UpdateResult {
  const out: UpdateResult = { matched: result.matchedCount, modified: result.modifiedCount };
  if (result.upsertedId !== null && result.upsertedId !== undefined)
    out.upsertedId = String(result.upsertedId);
  return out;
}
