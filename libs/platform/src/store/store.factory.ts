import type { Logger } from 'pino';
import { EmbeddedDocumentStore } from './embedded/embedded.store';
import { MongoDocumentStore, redactMongoUrl } from './mongo/mongo.store';
import type { StoreConfig } from './store.config';
import type { DocumentStore } from './store.port';

export interface StoreDeps {
  logger: Logger;
}

/**
 * Builds the configured document store. Both drivers open before returning: the embedded one takes
 * its folder's lock and loads its files; the MongoDB one connects (failing within
 * MONGO_SERVER_SELECTION_TIMEOUT_MS with StoreUnavailableError), so a wrong URL stops the process at
 * start with one clear line instead of failing every request later.
 */
export async function createDocumentStore(config: StoreConfig, deps: StoreDeps): Promise<DocumentStore> {
  if (config.STORE_DRIVER === 'mongo') {
    // The schema's refinement guarantees MONGO_URL here; checked again for callers that skip the schema.
    if (!config.MONGO_URL) throw new Error('MONGO_URL is required when STORE_DRIVER=mongo');
    deps.logger.info({ adapter: 'mongo', url: redactMongoUrl(config.MONGO_URL) }, 'store: MongoDB');
    return MongoDocumentStore.connect({
      url: config.MONGO_URL,
      logger: deps.logger,
      serverSelectionTimeoutMs: config.MONGO_SERVER_SELECTION_TIMEOUT_MS,
      operationTimeoutMs: config.MONGO_OPERATION_TIMEOUT_MS,
    });
  }
  deps.logger.info(
    { adapter: 'embedded', dataDir: config.STORE_DATA_DIR },
    'store: embedded (one process only)',
  );
  return EmbeddedDocumentStore.open({
    dataDir: config.STORE_DATA_DIR,
    logger: deps.logger,
    compactAfterBytes: config.STORE_COMPACT_AFTER_BYTES,
  });
}
