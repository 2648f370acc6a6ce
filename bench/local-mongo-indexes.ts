/**
 * The local MongoDB-compatible server with its secondary indexes against mongo-java-server's own H2 backend, in
 * the same run: the queries the services send most (the vote flush's filter, a thread's count and page, an update
 * by _id with a condition, the outbox relay's poll) on a collection of DOCUMENTS votes, each repeated ROUNDS times.
 *
 *   npm run bench:local-mongo            (DOCUMENTS=20000 ROUNDS=300 by default)
 *
 * Needs the server built (`infra/local/pulse-local up`). Figures: docs/benchmarks.md 'The local stack: indexes in
 * the MongoDB-compatible server'.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoServer, type MongoServerStorage } from '@pulse/testing';
import mongoose from 'mongoose';

const DOCUMENTS = Number(process.env.DOCUMENTS ?? 20_000);
const ROUNDS = Number(process.env.ROUNDS ?? 300);
const KINDS = ['question', 'answer', 'comment'];
const TARGETS = 2_000;

type Votes = mongoose.mongo.Collection;
type Step = {
  name: string;
  run: (votes: Votes, round: number, ids: mongoose.mongo.ObjectId[]) => Promise<unknown>;
};

const STEPS: Step[] = [
  {
    name: 'vote flush: find { pending, kind, targetId }',
    run: (votes, i) =>
      votes.find({ pending: true, kind: KINDS[i % 3], targetId: `t${(i * 7) % TARGETS}` }).toArray(),
  },
  {
    name: 'thread count: countDocuments { targetId }',
    run: (votes, i) => votes.countDocuments({ targetId: `t${(i * 7) % TARGETS}` }),
  },
  {
    name: 'thread page: find { targetId } sorted, 20',
    run: (votes, i) =>
      votes
        .find({ targetId: `t${(i * 7) % TARGETS}` })
        .sort({ createdAt: -1 })
        .limit(20)
        .toArray(),
  },
  {
    name: 'settle: updateOne { _id, pending }',
    run: (votes, i, ids) =>
      votes.updateOne({ _id: ids[(i * 50) % ids.length], pending: true }, { $set: { pending: false } }),
  },
  {
    name: "outbox poll: { '_outbox.occurredAt': { $gt: '' } }, 100",
    run: (votes) =>
      votes
        .find({ '_outbox.occurredAt': { $gt: '' } })
        .sort({ '_outbox.occurredAt': 1 })
        .limit(100)
        .toArray(),
  },
  { name: 'findOne { _id }', run: (votes, i, ids) => votes.findOne({ _id: ids[(i * 13) % ids.length] }) },
  {
    name: 'insertOne',
    run: (votes, i) =>
      votes.insertOne({ kind: 'answer', targetId: `n${i}`, pending: true, createdAt: new Date() }),
  },
];

interface Figures {
  insertMs: number;
  perStepMs: number[];
}

async function measure(storage: MongoServerStorage): Promise<Figures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `pulse-bench-mongo-${storage}-`));
  const server = await MongoServer.start(dir, storage);
  const client = new mongoose.mongo.MongoClient(server.url('bench'));
  try {
    await client.connect();
    const votes = client.db().collection('votes');
    // The indexes the community and the outbox declare for these reads.
    await votes.createIndex({ pending: 1, kind: 1, targetId: 1 });
    await votes.createIndex({ targetId: 1, createdAt: -1 });
    await votes.createIndex({ '_outbox.occurredAt': 1 });
    const ids: mongoose.mongo.ObjectId[] = [];
    const documents = Array.from({ length: DOCUMENTS }, (_, i) => {
      const _id = new mongoose.mongo.ObjectId();
      ids.push(_id);
      return {
        _id,
        kind: KINDS[i % 3],
        targetId: `t${i % TARGETS}`,
        pending: i % 50 === 0,
        voter: `v${i}`,
        createdAt: new Date(Date.now() - i * 1_000),
        // 1 % with an event still to relay, as a busy collection has.
        _outbox: i % 100 === 0 ? [{ id: `e${i}`, occurredAt: new Date(Date.now() - i).toISOString() }] : [],
      };
    });
    const insertStart = performance.now();
    for (let i = 0; i < documents.length; i += 1_000) await votes.insertMany(documents.slice(i, i + 1_000));
    const insertMs = performance.now() - insertStart;
    const perStepMs: number[] = [];
    for (const step of STEPS) {
      const start = performance.now();
      for (let round = 0; round < ROUNDS; round += 1) await step.run(votes, round, ids);
      perStepMs.push((performance.now() - start) / ROUNDS);
    }
    return { insertMs, perStepMs };
  } finally {
    await client.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(
    `${DOCUMENTS} documents, ${ROUNDS} rounds of each query; load average ${os.loadavg()[0].toFixed(1)}`,
  );
  const library = await measure('h2-library');
  const ours = await measure('h2');
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log('\n| operation | mongo-java-server (H2) | with our indexes | ratio |');
  console.log('|---|---:|---:|---:|');
  console.log(
    `| insert ${DOCUMENTS} (batches of 1,000) | ${(library.insertMs / 1000).toFixed(1)} s | ${(ours.insertMs / 1000).toFixed(1)} s | ${(library.insertMs / ours.insertMs).toFixed(2)}× |`,
  );
  STEPS.forEach((step, i) => {
    const before = library.perStepMs[i];
    const after = ours.perStepMs[i];
    console.log(`| ${step.name} | ${ms(before)} | ${ms(after)} | ${(before / after).toFixed(1)}× |`);
  });
  console.log(`\nload average at the end ${os.loadavg()[0].toFixed(1)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
