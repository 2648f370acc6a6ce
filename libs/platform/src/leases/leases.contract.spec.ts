import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  describeLeaseContract,
  dropMongoDatabase,
  requireMongo,
  uniqueMongoDatabaseUrl,
} from '@pulse/testing';
import { EmbeddedDocumentStore } from '../store/embedded/embedded.store';
import { MongoDocumentStore } from '../store/mongo/mongo.store';

// One suite, both store adapters. MongoDB gets a database of its own, dropped afterwards; when the
// server is unreachable the suite fails, naming PULSE_TEST_MONGO_URL and `infra/local/pulse-local up`.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-leases-'));
const url = uniqueMongoDatabaseUrl('leases');

describeLeaseContract('the embedded store', () => EmbeddedDocumentStore.open({ dataDir }));

describeLeaseContract('MongoDB', async () => {
  await requireMongo(url);
  return MongoDocumentStore.connect({ url, serverSelectionTimeoutMs: 3_000 });
});

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await dropMongoDatabase(url).catch(() => undefined);
});
