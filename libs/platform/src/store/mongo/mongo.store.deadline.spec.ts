import net from 'node:net';
import { dropMongoDatabase, requireMongo, uniqueMongoDatabaseUrl } from '@pulse/testing';
import { StoreUnavailableError } from '../store.errors';
import { MongoDocumentStore } from './mongo.store';

const url = uniqueMongoDatabaseUrl('store_deadline');

/** A TCP relay to the test server that can go silent: bytes stop flowing, no socket closes. */
async function silenceableRelay(target: URL): Promise<{ url: string; silence(): void; close(): void }> {
  const sockets = new Set<net.Socket>();
  let silent = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ]) {
      sockets.add(from);
      from.on('data', (chunk) => !silent && to.write(chunk));
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(target);
  relayed.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: relayed.toString(),
    silence: () => (silent = true),
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe('MongoDocumentStore: a server that stops answering', () => {
  afterAll(async () => {
    await dropMongoDatabase(url).catch(() => undefined);
  });

  it('fails each operation as unreachable after MONGO_OPERATION_TIMEOUT_MS instead of hanging', async () => {
    await requireMongo(url);
    const relay = await silenceableRelay(new URL(url));
    const store = await MongoDocumentStore.connect({ url: relay.url, operationTimeoutMs: 1_500 });
    try {
      const things = store.collection<{ _id: string; n: number }>('things');
      await things.insertOne({ _id: 'a', n: 1 });
      expect(await things.findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 1 });

      relay.silence();
      const started = Date.now();
      const outcomes = await Promise.allSettled([
        things.findOne({ _id: 'a' }),
        things.updateOne({ _id: 'a' }, { $inc: { n: 1 } }),
      ]);
      const elapsed = Date.now() - started;
      for (const outcome of outcomes) {
        expect(outcome.status).toBe('rejected');
        const reason = (outcome as PromiseRejectedResult).reason as Error;
        expect(reason).toBeInstanceOf(StoreUnavailableError);
        expect(reason.message).toBe('MongoDB did not answer an operation on things within 1500 ms');
      }
      expect(elapsed).toBeGreaterThanOrEqual(1_400);
      expect((await store.check()).ok).toBe(false);
    } finally {
      relay.close();
      await store.close();
    }
  });
});
