import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { MemoryCacheStore, RedisCacheStore, type CacheStore } from '@pulse/platform/cache';
import { InProcessEventBus } from '@pulse/platform/bus';
import { EmbeddedDocumentStore, MongoDocumentStore, type DocumentStore } from '@pulse/platform/store';
import { dropMongoDatabase, requireMongo, uniqueMongoDatabaseUrl } from './mongo-test-env';

/** What one replica of a service is given: its store, bus and cache. */
export interface ReplicaAdapters {
  store: DocumentStore;
  bus: InProcessEventBus;
  cache: CacheStore;
}

/**
 * The shared infrastructure of replicas of one service in a test. Scheduled work is claimed through
 * leases in the store, so the store is what the replicas must truly share; the bus stays in process
 * (one, shared), since no lease depends on it.
 */
export interface ReplicaFleet {
  /** The adapters a replica starts with (its own connections where the adapter has connections). */
  adaptersFor(replica: string): Promise<ReplicaAdapters>;
  close(): Promise<void>;
}

const newBus = () => new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });

/** Replicas in one process on one embedded store (a store folder admits one opener, so it is shared). */
export async function embeddedFleet(label: string): Promise<ReplicaFleet> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `pulse-${label}-replicas-`));
  const shared: ReplicaAdapters = {
    store: await EmbeddedDocumentStore.open({ dataDir }),
    bus: newBus(),
    cache: new MemoryCacheStore(),
  };
  return {
    adaptersFor: () => Promise.resolve(shared),
    async close() {
      await shared.bus.close();
      await shared.store.close();
      await shared.cache.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Replicas on the local stack: a database of their own on the MongoDB-compatible server and a key
 * prefix of their own on Redis, each replica with its own connections, as pods have. Fails (never
 * skips) when a server is not there.
 */
export async function localStackFleet(label: string): Promise<ReplicaFleet> {
  const url = uniqueMongoDatabaseUrl(label);
  await requireMongo(url);
  const redisUrl = process.env.PULSE_TEST_REDIS_URL ?? 'redis://127.0.0.1:16379';
  const keyPrefix = `pulse-test:${label}:${randomUUID()}:`;
  const bus = newBus();
  const opened: ReplicaAdapters[] = [];
  return {
    async adaptersFor() {
      const cache = new RedisCacheStore({ url: redisUrl, keyPrefix, logger: pino({ level: 'silent' }) });
      const health = await cache.check();
      if (!health.ok)
        throw new Error(
          `Redis is not reachable at ${redisUrl} (PULSE_TEST_REDIS_URL): ${health.reason}. ` +
            'Start it with: infra/local/pulse-local up',
        );
      const adapters = {
        store: await MongoDocumentStore.connect({ url, serverSelectionTimeoutMs: 3_000 }),
        bus,
        cache,
      };
      opened.push(adapters);
      return adapters;
    },
    async close() {
      for (const adapters of opened) {
        await adapters.store.close();
        await adapters.cache.close();
      }
      await bus.close();
      await dropMongoDatabase(url).catch(() => undefined);
    },
  };
}
