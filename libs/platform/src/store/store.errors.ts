/**
 * Errors the document-store port promises. Both adapters translate their own failures into these, so a
 * service catches `DuplicateKeyError` (→ 409) without knowing whether MongoDB or the embedded store ran.
 */
export class StoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A unique index (or `_id`) already holds the value. */
export class DuplicateKeyError extends StoreError {
  constructor(
    readonly collection: string,
    /** Index name, e.g. '_id_' or 'email_1'; undefined when the server did not say. */
    readonly indexName: string | undefined,
    /** For insertMany: how many documents went in before the duplicate. */
    readonly inserted = 0,
    options?: { cause?: unknown },
  ) {
    super(`Duplicate key in ${collection}${indexName ? ` (index ${indexName})` : ''}`, options);
  }
}

/**
 * A call the port does not accept: an unknown or forbidden operator, a malformed update, a value that
 * is not JSON, an update applied to a field of the wrong type. A programming error, never a user's.
 */
export class InvalidStoreOperationError extends StoreError {}

/** The backing server cannot be reached (MongoDB down, wrong URL). */
export class StoreUnavailableError extends StoreError {}

/** Another process holds the embedded store's data directory. */
export class StoreLockedError extends StoreError {}

/**
 * The embedded store's files cannot be read back (not a torn tail, which is repaired), or an earlier
 * write failed to reach the disk and the store stopped accepting writes to stay consistent with it.
 */
export class StoreCorruptError extends StoreError {}
