import { DuplicateKeyError, InvalidStoreOperationError, StoreUnavailableError } from '../store.errors';
import { loadMongoose } from './mongoose.library';

// The driver mongoose loaded, so `instanceof` holds even if another copy of mongodb is installed.
const driver = () => loadMongoose().mongo;

/** Server codes meaning "the request was wrong", which the embedded store reports as InvalidStoreOperationError. */
const INVALID_REQUEST_CODES = new Set([
  2, // BadValue
  9, // FailedToParse
  14, // TypeMismatch
  16, // InvalidLength
  28, // PathNotViable
  40, // ConflictingUpdateOperators
  52, // DollarPrefixedFieldName
  66, // ImmutableField
  67, // CannotCreateIndex
  85, // IndexOptionsConflict
  86, // IndexKeySpecsConflict
  197, // InvalidIndexSpecificationOption
]);

const DUPLICATE_KEY_CODES = new Set([11000, 11001]);

/** Translates driver errors into the port's errors; anything unrecognised is rethrown as it is. */
export function toPortError(error: unknown, collection: string): unknown {
  const { MongoBulkWriteError, MongoError, MongoServerError } = driver();
  if (error instanceof MongoBulkWriteError && DUPLICATE_KEY_CODES.has(Number(error.code))) {
    // An ordered insert stops at its first error, whose index is how many went in before it; the
    // result's insertedCount is not reliable across servers (mongo-java-server counts the whole batch).
    const writeErrors = [error.writeErrors].flat();
    const inserted = writeErrors[0]?.index ?? error.result?.insertedCount ?? 0;
    return new DuplicateKeyError(collection, indexNameOf(error), inserted, { cause: error });
  }
  if (error instanceof MongoServerError) {
    if (DUPLICATE_KEY_CODES.has(Number(error.code))) {
      return new DuplicateKeyError(collection, indexNameOf(error), 0, { cause: error });
    }
    if (INVALID_REQUEST_CODES.has(Number(error.code))) {
      return new InvalidStoreOperationError(
        `MongoDB refused the operation on ${collection}: ${error.message}`,
        {
          cause: error,
        },
      );
    }
    return error;
  }
  if ((error instanceof MongoError && isConnectivityError(error)) || isSocketError(error)) {
    return new StoreUnavailableError(`MongoDB is unreachable (${(error as Error).message})`, {
      cause: error,
    });
  }
  return error;
}

/** Node's own socket errors, which the driver passes on as they are when the server goes mid-write. */
const SOCKET_ERROR_CODES = new Set([
  'EPIPE',
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'ERR_STREAM_WRITE_AFTER_END',
]);

/**
 * A socket error rather than a driver error: the store stopped as a command was being written ('This
 * socket has been ended by the other party', EPIPE), an answer that must be a 503 like any other outage,
 * not a 500 (test/system/outages.local-stack.spec.ts saw it once).
 */
function isSocketError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return error instanceof Error && typeof code === 'string' && SOCKET_ERROR_CODES.has(code);
}

function isConnectivityError(error: Error): boolean {
  return [
    'MongoServerSelectionError',
    'MongoNetworkError',
    'MongoNetworkTimeoutError',
    'MongoTopologyClosedError',
    // A connection pool cleared, a server closed or not yet connected: the server went away mid-operation.
    'MongoPoolClearedError',
    'MongoServerClosedError',
    'MongoNotConnectedError',
  ].includes(error.name);
}

/** 'E11000 duplicate key error collection: db.c index: email_1 dup key: …' → 'email_1'. */
function indexNameOf(error: Error): string | undefined {
  return /index: (\S+)/.exec(error.message)?.[1];
}
