import type { Adapter } from '../lifecycle';

/**
 * The document-store port: one MongoDB-style API that repositories write against, served by the
 * embedded durable store (a laptop, a demo) and by MongoDB (containers, Kubernetes). A repository has
 * one code path; which adapter runs is configuration (STORE_DRIVER).
 *
 * Rules both adapters keep, so code that passes on one behaves the same on the other:
 *
 * - Documents are JSON: strings, finite numbers, booleans, null, arrays and plain objects. `_id` is a
 *   non-empty string chosen by the caller (no ObjectIds). Keys are non-empty, never start with `$` and
 *   never contain `.`; keys whose value is `undefined` are dropped, as JSON.stringify does.
 * - Dates are ISO-8601 UTC strings (`date.toISOString()`, e.g. '2025-01-31T09:00:00.000Z') on disk, in
 *   MongoDB and in every result. A `Date` may be passed anywhere a value goes (documents, filters, update
 *   values, pipelines) and is converted to that string first, so `{ createdAt: { $gte: new Date(t) } }`
 *   works. Fixed-width UTC strings order chronologically, so range filters and sorts on them are right.
 *   Entity types therefore declare date fields as `string`. Aggregation date operators ($year,
 *   $dateToString…) do not apply to them; take prefixes instead (the day is the first 10 characters).
 * - Reads return fresh copies: mutating a result never changes the store.
 * - Sort order is MongoDB's (null/missing < numbers < strings < objects < arrays < booleans; an array
 *   field sorts by its smallest element ascending, its largest descending; strings by code point). Ties
 *   are broken by `_id` ascending, which the port appends to every sort (find, findOne, findOneAndUpdate
 *   and every $sort stage) that does not name `_id`; `find` without `sort` returns `_id` order. Paging
 *   is therefore stable and identical on both adapters.
 * - Only the operators and stages listed in the types below are accepted; anything else (`$where`,
 *   `$expr`, `$function`, `$lookup`, positional `$` updates…) is refused with InvalidStoreOperationError
 *   by both adapters before it reaches storage.
 *
 * Portability (what differs between MongoDB, the MongoDB-compatible test server and the embedded
 * store, so repositories avoid it):
 * - updateOne/deleteOne on a filter several documents match touch one of them, which one unspecified;
 *   filter by `_id`, or use findOneAndUpdate with a sort.
 * - Two range bounds on an array field (`{ ratings: { $gte: 3, $lt: 5 } }`) may be met by different
 *   elements on MongoDB but must be met by one element on the test server (mongo-java-server): write
 *   `$elemMatch` (one element) or `$and` of two conditions (any elements).
 * - Sorting on an array field works, but documents tied on it are mis-ordered by the test server.
 * - No transactions or text indexes (the test server lacks them; search goes through the search port).
 * - Range filters ($gt…) on strings whose first difference is an emoji against a character in
 *   U+E000–U+FFFF compare differently in the embedded store (UTF-16) than in MongoDB (code point).
 * - Collections are written only through the port: a BSON Date written by another tool would come
 *   back from MongoDB as a Date.
 *
 * Injection rule (the port's counterpart of mongoose's sanitizeFilter): in a filter, a field whose value
 * is an object with `$` keys is an operator expression — that is the point of a MongoDB-style filter, so
 * the port cannot tell a repository's `{ views: { $gt: 10 } }` from a request body's `{ $ne: null }`.
 * Repositories must therefore put only validated, typed input (parsed by the DTO schema) into filters.
 * As a net, `$` keys are refused wherever only a value can stand: inside documents, update values and
 * the arguments of $eq/$ne/$in/$nin/$gt…, so a smuggled operator fails loudly instead of matching.
 */

export type FieldPath = string;

/** A MongoDB-style filter. Field keys may be dotted paths ('author.nickname', 'tags.0'). */
export type Filter = { [path: FieldPath]: unknown };

/** 1 ascending, -1 descending; keys are applied in insertion order. */
export type SortSpec = Record<FieldPath, 1 | -1>;

/** Inclusion (1/true) or exclusion (0/false) of fields; `_id` is included unless excluded. */
export type Projection = Record<FieldPath, 0 | 1 | boolean>;

export interface PushModifiers {
  $each: unknown[];
  /** Keep the first n (n ≥ 0) or the last -n elements after pushing. */
  $slice?: number;
}

export interface UpdateSpec {
  $set?: Record<FieldPath, unknown>;
  $unset?: Record<FieldPath, '' | 1 | true>;
  $inc?: Record<FieldPath, number>;
  /** Appends one value, or several with `$each` (optionally bounded by `$slice`). */
  $push?: Record<FieldPath, unknown | PushModifiers>;
  /** Appends a value unless an equal one is present; `{ $each: [...] }` for several. */
  $addToSet?: Record<FieldPath, unknown | { $each: unknown[] }>;
  /** Removes elements equal to a value, or matching a condition (`{ $gte: 5 }` or `{ field: value }`). */
  $pull?: Record<FieldPath, unknown>;
  /** Applied only when an upsert inserts. */
  $setOnInsert?: Record<FieldPath, unknown>;
  $min?: Record<FieldPath, unknown>;
  $max?: Record<FieldPath, unknown>;
}

export type PipelineStage =
  | { $match: Filter }
  | { $group: { _id: unknown; [field: string]: unknown } }
  | { $sort: SortSpec }
  | { $skip: number }
  | { $limit: number }
  | { $project: Record<string, unknown> }
  | { $unwind: string | { path: string; preserveNullAndEmptyArrays?: boolean } }
  | { $count: string }
  | { $addFields: Record<string, unknown> };

/**
 * A plain or unique index. A unique index treats a missing field as null, as MongoDB does: two
 * documents both lacking the field collide. No TTL, sparse or partial indexes (the MongoDB-compatible
 * test server lacks some of them and the embedded store does not need them).
 */
export interface IndexSpec {
  key: Record<FieldPath, 1 | -1>;
  unique?: boolean;
  /** Defaults to MongoDB's generated name, e.g. 'slug_1' or 'category_1_publishedAt_-1'. */
  name?: string;
}

export interface CollectionOptions {
  /** Ensured before the collection's first operation; creating an existing identical index is a no-op. */
  indexes?: IndexSpec[];
}

export interface FindOneOptions {
  projection?: Projection;
  /** Which document when several match. */
  sort?: SortSpec;
}

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  projection?: Projection;
}

export interface UpdateOptions {
  /**
   * Insert when nothing matches: the new document starts from the filter's equality fields (top level
   * and inside $and), then the update applies with $setOnInsert. Without `_id` there or in the update,
   * the port generates a random string `_id`.
   */
  upsert?: boolean;
}

export interface FindOneAndUpdateOptions extends UpdateOptions {
  /** No default on purpose: MongoDB's is 'before', which surprises most callers. */
  returnDocument: 'before' | 'after';
  sort?: SortSpec;
  projection?: Projection;
}

export interface UpdateResult {
  matched: number;
  /** Documents whose content changed (setting a field to its current value does not count). */
  modified: number;
  upsertedId?: string;
}

export interface DeleteResult {
  deleted: number;
}

export interface InsertManyResult {
  inserted: number;
}

export interface Collection<T extends { _id: string }> {
  readonly name: string;
  /** Throws DuplicateKeyError when `_id` or a unique index value is taken. */
  insertOne(doc: T): Promise<void>;
  /**
   * Ordered: documents before the first duplicate are inserted, the rest are not, and DuplicateKeyError
   * is thrown (its `inserted` says how many went in).
   */
  insertMany(docs: T[]): Promise<InsertManyResult>;
  findOne<R = T>(filter: Filter, options?: FindOneOptions): Promise<R | null>;
  find<R = T>(filter: Filter, options?: FindOptions): Promise<R[]>;
  countDocuments(filter?: Filter): Promise<number>;
  updateOne(filter: Filter, update: UpdateSpec, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: UpdateSpec, options?: UpdateOptions): Promise<UpdateResult>;
  /** Atomic read-modify-write of one document; null when nothing matched and no upsert happened. */
  findOneAndUpdate<R = T>(
    filter: Filter,
    update: UpdateSpec,
    options: FindOneAndUpdateOptions,
  ): Promise<R | null>;
  deleteOne(filter: Filter): Promise<DeleteResult>;
  deleteMany(filter: Filter): Promise<DeleteResult>;
  /**
   * Runs a pipeline of the stages in PipelineStage. $group output order is unspecified: follow it with
   * $sort when order matters.
   */
  aggregate<R = Record<string, unknown>>(pipeline: PipelineStage[]): Promise<R[]>;
  createIndexes(specs: IndexSpec[]): Promise<void>;
}

export interface DocumentStore extends Adapter {
  /**
   * A handle on one collection (created on first write). Names: letters, digits, `_`, `-` and `.`, not
   * starting with `.` or 'system.'. Cheap to call; indexes given here are ensured before its first use.
   */
  collection<T extends { _id: string }>(name: string, options?: CollectionOptions): Collection<T>;
}
