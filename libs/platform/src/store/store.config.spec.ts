import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { ConfigError, describeConfigSchema, loadConfig } from '../config';
import { StoreUnavailableError } from './store.errors';
import { storeConfigSchema } from './store.config';
import { createDocumentStore } from './store.factory';

const load = (env: Record<string, string>) => loadConfig({ store: storeConfigSchema }, env).store;
const logger = pino({ level: 'silent' });

describe('store configuration', () => {
  it('defaults to the embedded store under .data/store', () => {
    expect(load({})).toMatchObject({ STORE_DRIVER: 'embedded', STORE_DATA_DIR: '.data/store' });
  });

  it('names MONGO_URL when the mongo driver lacks it or it is not a MongoDB URL', () => {
    expect(() => load({ STORE_DRIVER: 'mongo' })).toThrow(ConfigError);
    expect(() => load({ STORE_DRIVER: 'mongo' })).toThrow(/MONGO_URL/);
    expect(() => load({ STORE_DRIVER: 'mongo', MONGO_URL: 'http://x' })).toThrow(/MONGO_URL/);
    expect(
      load({ STORE_DRIVER: 'mongo', MONGO_URL: 'mongodb://a:1,b:2/pulse?replicaSet=rs0' }),
    ).toMatchObject({
      MONGO_URL: 'mongodb://a:1,b:2/pulse?replicaSet=rs0',
    });
  });

  it('refuses an unknown driver, naming STORE_DRIVER', () => {
    expect(() => load({ STORE_DRIVER: 'sqlite' })).toThrow(/STORE_DRIVER/);
  });

  it('describes every variable for the README table', () => {
    const variables = describeConfigSchema(storeConfigSchema);
    expect(variables.map((variable) => variable.name)).toEqual([
      'STORE_DRIVER',
      'MONGO_URL',
      'STORE_DATA_DIR',
      'STORE_COMPACT_AFTER_BYTES',
      'MONGO_SERVER_SELECTION_TIMEOUT_MS',
      'MONGO_OPERATION_TIMEOUT_MS',
    ]);
    for (const variable of variables) expect(variable.description.length).toBeGreaterThan(20);
  });
});

describe('createDocumentStore', () => {
  it('opens the embedded store in the configured folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-store-factory-'));
    try {
      const store = await createDocumentStore(load({ STORE_DATA_DIR: dir }), { logger });
      expect(store.adapterName).toBe('embedded');
      await store.collection<{ _id: string }>('probe').insertOne({ _id: 'x' });
      await store.close();
      expect(fs.readdirSync(dir)).toContain('probe.wal.jsonl');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails fast with StoreUnavailableError naming MONGO_URL, password masked, when MongoDB is unreachable', async () => {
    const config = load({
      STORE_DRIVER: 'mongo',
      MONGO_URL: 'mongodb://pulse:secret@127.0.0.1:1/pulse',
      MONGO_SERVER_SELECTION_TIMEOUT_MS: '300',
    });
    const error = await createDocumentStore(config, { logger }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).toContain('MONGO_URL');
    expect((error as Error).message).toContain('pulse:***@127.0.0.1:1');
    expect((error as Error).message).not.toContain('secret');
  });
});
