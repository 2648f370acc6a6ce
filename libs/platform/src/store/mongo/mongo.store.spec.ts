import {
  describeDocumentStoreContract,
  dropMongoDatabase,
  requireMongo,
  uniqueMongoDatabaseUrl,
} from '@pulse/testing';
import { MongoDocumentStore } from './mongo.store';

// A database of its own per run, dropped afterwards; unreachable server → the suite fails, naming
// PULSE_TEST_MONGO_URL and `infra/local/pulse-local up`.
const url = uniqueMongoDatabaseUrl('store_contract');

describeDocumentStoreContract('mongo', async () => {
  await requireMongo(url);
  return MongoDocumentStore.connect({ url, serverSelectionTimeoutMs: 3_000 });
});

afterAll(async () => {
  await dropMongoDatabase(url).catch(() => undefined);
});
