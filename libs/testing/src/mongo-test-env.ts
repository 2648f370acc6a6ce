import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';

/** The MongoDB-compatible server the specs use: PULSE_TEST_MONGO_URL, or the one infra/local/pulse-local starts. */
export function mongoTestUrl(): string {
  return process.env.PULSE_TEST_MONGO_URL || 'mongodb://127.0.0.1:27027/pulse_test';
}

/**
 * The test URL with a database of its own (`<db>_<label>_<random>`), so concurrent runs and specs never
 * see each other's data. Drop it afterwards with dropMongoDatabase.
 */
export function uniqueMongoDatabaseUrl(label: string, base: string = mongoTestUrl()): string {
  const url = new URL(base);
  const database = url.pathname.replace(/^\//, '') || 'pulse_test';
  const suffix = `${label.replace(/[^A-Za-z0-9]/g, '')}_${randomBytes(4).toString('hex')}`;
  url.pathname = `/${database}_${suffix}`.slice(0, 60);
  return url.toString();
}

/**
 * Fails (never skips) when the server is not there, naming the variable read and how to start it: a
 * contract that silently did not run is worse than a red test.
 */
export async function requireMongo(url: string = mongoTestUrl()): Promise<void> {
  const client = new mongoose.mongo.MongoClient(url, {
    serverSelectionTimeoutMS: 3_000,
    connectTimeoutMS: 2_000,
  });
  try {
    await client.db('admin').command({ ping: 1 });
  } catch (error) {
    throw new Error(
      `MongoDB test server is not reachable at ${url} (PULSE_TEST_MONGO_URL; default mongodb://127.0.0.1:27027/pulse_test). ` +
        `Start it with: infra/local/pulse-local up — cause: ${(error as Error).message}`,
    );
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** Drops the database named in the URL (the one uniqueMongoDatabaseUrl made). */
export async function dropMongoDatabase(url: string): Promise<void> {
  const client = new mongoose.mongo.MongoClient(url, { serverSelectionTimeoutMS: 3_000 });
  try {
    await client.db().dropDatabase();
  } finally {
    await client.close().catch(() => undefined);
  }
}
