import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { HealthResult } from '../../lifecycle';
import type { Collection, CollectionOptions, DocumentStore } from '../store.port';
import { StoreError, StoreUnavailableError } from '../store.errors';
import { assertCollectionName, normalizeIndexSpec } from '../shared/index-spec';
import { DEFAULT_OPERATION_TIMEOUT_MS, MongoCollection } from './mongo.collection';
import { loadMongoose } from './mongoose.library';
import { StalledMonitorWatchdog } from './stalled-monitor.watchdog';

/** The driver's defaults, set here because the watchdog's bound is built from them. */
const CONNECT_TIMEOUT_MS = 10_000;
const HEARTBEAT_FREQUENCY_MS = 10_000;

export interface MongoStoreOptions {
  /** mongodb:// URL naming the database (each service has its own). */
  url: string;
  logger?: Logger;
  /** How long an operation (and the first connection) waits for a reachable server. */
  serverSelectionTimeoutMs?: number;
  /** Bound on check()'s ping. */
  checkTimeoutMs?: number;
  /** Bound on each collection operation, index creation included (see MongoCollection). */
  operationTimeoutMs?: number;
}

/**
 * The document store on MongoDB, through a mongoose connection. Repositories use the port, not
 * mongoose models: the port's guards (shared/*.guard.ts) validate filters and updates the way
 * mongoose's sanitizeFilter and strictQuery would, identically for both adapters, and the native
 * collections below run them unchanged.
 */
export class MongoDocumentStore implements DocumentStore {
  readonly adapterName = 'mongo';
  private closed = false;
  private readonly handles = new Map<string, MongoCollection<{ _id: string }>>();

  private constructor(
    private readonly connection: Connection,
    private readonly options: MongoStoreOptions,
    private readonly watchdog: StalledMonitorWatchdog,
  ) {}

  /** Connects or fails with StoreUnavailableError after serverSelectionTimeoutMs. */
  static async connect(options: MongoStoreOptions): Promise<MongoDocumentStore> {
    const connection = loadMongoose().createConnection(options.url, {
      serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 3_000,
      connectTimeoutMS: CONNECT_TIMEOUT_MS,
      heartbeatFrequencyMS: HEARTBEAT_FREQUENCY_MS,
      // Mongoose buffers model calls while disconnected; the port fails fast instead.
      bufferCommands: false,
      autoIndex: false,
      // The port already drops undefined members; never let the driver turn one into null.
      ignoreUndefined: true,
    });
    // After the first connection the driver reconnects by itself; log each distinct error once per outage.
    let lastError: string | undefined;
    connection.on('error', (error: Error) => {
      if (error.message === lastError) return;
      lastError = error.message;
      options.logger?.warn({ err: error, adapter: 'mongo' }, 'MongoDB connection error');
    });
    connection.on('connected', () => (lastError = undefined));
    try {
      await connection.asPromise();
    } catch (cause) {
      await connection.close().catch(() => undefined);
      throw new StoreUnavailableError(
        `Cannot connect to MongoDB at ${redactMongoUrl(options.url)} (MONGO_URL): ${(cause as Error).message}`,
        { cause },
      );
    }
    // A heartbeat ends within connect + handshake (2 × connect timeout), or connect + the awaited
    // interval when the server streams them; longer than both, with a margin, is a stalled monitor.
    const watchdog = new StalledMonitorWatchdog({
      client: connection.getClient(),
      stallAfterMs: 2 * CONNECT_TIMEOUT_MS + HEARTBEAT_FREQUENCY_MS + 5_000,
      everyMs: 5_000,
      logger: options.logger,
    });
    watchdog.start();
    return new MongoDocumentStore(connection, options, watchdog);
  }

  collection<T extends { _id: string }>(name: string, options: CollectionOptions = {}): Collection<T> {
    if (this.closed) throw new StoreError('The MongoDB document store is closed');
    assertCollectionName(name);
    const specs = (options.indexes ?? []).map(normalizeIndexSpec);
    // One handle per name and index list, so a repository asking again does not resend createIndexes.
    const key = `${name}\0${JSON.stringify(specs)}`;
    let collection = this.handles.get(key);
    if (!collection) {
      collection = new MongoCollection(
        name,
        this.connection.db!.collection(name),
        this.options.operationTimeoutMs ?? DEFAULT_OPERATION_TIMEOUT_MS,
      );
      if (specs.length > 0) collection.declareIndexes(specs);
      this.handles.set(key, collection);
    }
    return collection as MongoCollection<T>;
  }

  /** A ping bounded by checkTimeoutMs; never throws. */
  async check(): Promise<HealthResult> {
    if (this.closed) return { ok: false, reason: 'MongoDB document store is closed' };
    const timeoutMs = this.options.checkTimeoutMs ?? 1_000;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.connection.db!.command({ ping: 1 }),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer to ping within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return { ok: true };
    } catch (error) {
      return { ok: false, reason: `MongoDB: ${(error as Error).message}` };
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.watchdog.stop();
    await this.connection.close();
  }
}

/** The URL with its password masked, for logs and error messages. */
export function redactMongoUrl(url: string): string {
  return url.replace(/^(mongodb(?:\+srv)?:\/\/[^:@/]+:)[^@/]*@/, '$1***@');
}
