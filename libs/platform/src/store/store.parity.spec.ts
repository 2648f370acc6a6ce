import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  describeDocumentStoreParity,
  dropMongoDatabase,
  requireMongo,
  uniqueMongoDatabaseUrl,
} from '@pulse/testing';
import { EmbeddedDocumentStore } from './embedded/embedded.store';
import { MongoDocumentStore } from './mongo/mongo.store';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-store-parity-'));
const url = uniqueMongoDatabaseUrl('store_parity');

describeDocumentStoreParity(
  ['embedded', 'mongo'],
  [
    () => EmbeddedDocumentStore.open({ dataDir }),
    async () => {
      await requireMongo(url);
      return MongoDocumentStore.connect({ url });
    },
  ],
);

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await dropMongoDatabase(url).catch(() => undefined);
});
