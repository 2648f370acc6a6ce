import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeDocumentStoreParity, dropMongoDatabase, uniqueMongoDatabaseUrl } from '@pulse/testing';
import { EmbeddedDocumentStore } from './embedded/embedded.store';
import { MongoDocumentStore } from './mongo/mongo.store';
const urls: string[] = []; const dirs: string[] = [];
for (let seed = 1; seed <= 12; seed++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-seed-')); dirs.push(dataDir);
  const url = uniqueMongoDatabaseUrl('seed' + seed); urls.push(url);
  describeDocumentStoreParity(['embedded', 'mongo'], [() => EmbeddedDocumentStore.open({ dataDir }), () => MongoDocumentStore.connect({ url })], seed);
}
afterAll(async () => { for (const d of dirs) fs.rmSync(d, { recursive: true, force: true }); for (const u of urls) await dropMongoDatabase(u); });
