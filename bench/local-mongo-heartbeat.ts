/**
 * The local MongoDB-compatible server's answer to a ping while other connections run long reads, with Netty's
 * default of network threads on this machine (two per core) and with the server's own (PulseMongo.NETWORK_THREADS),
 * in the same run. mongo-java-server runs each command on its connection's network thread, so a long read holds
 * every connection on that thread, the driver's heartbeat included. Each server gets DOCUMENTS documents and
 * READERS connections reading them in full (a field no index narrows) while one more pings every 50 ms for
 * SECONDS.
 *
 *   npm run -s bench:local-mongo-heartbeat          (DOCUMENTS=50000 READERS=12 SECONDS=20 by default)
 *
 * Needs the server built (`infra/local/pulse-local up`). Figures: docs/benchmarks.md 'The local stack: a ping
 * beside long reads'.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoServer } from '@pulse/testing';
import mongoose from 'mongoose';

const DOCUMENTS = Number(process.env.DOCUMENTS ?? 50_000);
const READERS = Number(process.env.READERS ?? 12);
const SECONDS = Number(process.env.SECONDS ?? 20);
const PING_EVERY_MS = 50;

type Client = InstanceType<typeof mongoose.mongo.MongoClient>;

async function pingsBesideReads(networkThreads: number): Promise<number[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-heartbeat-'));
  const server = await MongoServer.start(dir, 'h2', { networkThreads });
  const clients: Client[] = [];
  const connect = async () => {
    const client = new mongoose.mongo.MongoClient(server.url('heartbeat'), { maxPoolSize: 1 });
    clients.push(client);
    return client.connect();
  };
  try {
    const things = (await connect()).db().collection('things');
    for (let start = 0; start < DOCUMENTS; start += 1000)
      await things.insertMany(
        Array.from({ length: Math.min(1000, DOCUMENTS - start) }, (_, i) => ({
          _id: `t${start + i}`,
          n: start + i,
          text: 'x'.repeat(200),
        })) as never[],
      );
    const readers = await Promise.all(Array.from({ length: READERS }, connect));
    let reading = true;
    const reads = readers.map(async (client) => {
      while (reading) await client.db().collection('things').find({ n: -1 }).toArray();
    });
    const pinger = await connect();
    const times: number[] = [];
    const until = Date.now() + SECONDS * 1000;
    while (Date.now() < until) {
      const start = process.hrtime.bigint();
      await pinger.db('admin').command({ ping: 1 });
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
      await sleep(PING_EVERY_MS);
    }
    reading = false;
    await Promise.all(reads);
    return times.sort((a, b) => a - b);
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const quantile = (times: number[], q: number) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  const rows: [string, number[]][] = [];
  const netty = 2 * os.availableParallelism();
  rows.push([`${netty} (Netty's default here)`, await pingsBesideReads(netty)]);
  rows.push(["32 (the server's own)", await pingsBesideReads(32)]);
  console.log(`| network threads | pings in ${SECONDS} s | p50 | p95 | slowest |`);
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [name, times] of rows)
    console.log(
      `| ${name} | ${times.length} | ${quantile(times, 0.5)} ms | ${quantile(times, 0.95)} ms | ${quantile(times, 1)} ms |`,
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
