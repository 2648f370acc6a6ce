#!/usr/bin/env node
// End-to-end smoke test of the local servers started by `infra/local/pulse-local up`.
// Usage: node infra/local/smoke.js [redis|kafka|mongo ...]   (default: all)
// Uses the repo's installed clients: ioredis, kafkajs 2.x, mongoose 9.x.
'use strict';
const assert = require('node:assert/strict');

const REDIS_URL = process.env.PULSE_TEST_REDIS_URL || 'redis://127.0.0.1:16379';
const KAFKA_BROKERS = (process.env.PULSE_TEST_KAFKA_BROKERS || '127.0.0.1:19092').split(',');
const MONGO_URL = process.env.PULSE_TEST_MONGO_URL || 'mongodb://127.0.0.1:27027/pulse_test';
const run = Date.now().toString(36);

async function redis() {
  const Redis = require('ioredis');
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await r.connect();
  await r.set(`smoke:${run}`, 'ok', 'EX', 60);
  assert.equal(await r.get(`smoke:${run}`), 'ok');
  assert.equal(await r.incr(`smoke:${run}:n`), 1);
  await r.del(`smoke:${run}`, `smoke:${run}:n`);
  await r.quit();
}

async function kafka() {
  const { Kafka, logLevel } = require('kafkajs');
  const k = new Kafka({ clientId: 'pulse-smoke', brokers: KAFKA_BROKERS, logLevel: logLevel.WARN });
  const topic = `smoke-${run}`;
  const admin = k.admin();
  await admin.connect();
  assert.equal(
    await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true }),
    true,
  );
  const producer = k.producer();
  await producer.connect();
  const msgs = Array.from({ length: 10 }, (_, i) => ({ key: `k${i}`, value: `v${i}` }));
  await producer.send({ topic, messages: msgs });
  const consumer = k.consumer({ groupId: `smoke-group-${run}` });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const got = [];
  await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`consumed only ${got.length}/10 messages`)), 30000);
    consumer.run({
      eachMessage: async ({ message }) => {
        got.push(message.value.toString());
        if (got.length === msgs.length) {
          clearTimeout(t);
          resolve();
        }
      },
    });
  });
  assert.deepEqual(got.sort(), msgs.map((m) => m.value).sort());
  // auto-created topic (auto.create.topics.enable=true, num.partitions=3)
  const auto = `smoke-auto-${run}`;
  await producer.send({ topic: auto, messages: [{ value: 'x' }] });
  const meta = await admin.fetchTopicMetadata({ topics: [auto] });
  assert.equal(meta.topics[0].partitions.length, 3);
  await consumer.disconnect();
  await producer.disconnect();
  await admin.deleteTopics({ topics: [topic, auto] });
  await admin.disconnect();
}

async function mongo() {
  const mongoose = require('mongoose');
  const conn = await mongoose.createConnection(MONGO_URL, { serverSelectionTimeoutMS: 5000 }).asPromise();
  const Item = conn.model(
    `SmokeItem${run}`,
    new mongoose.Schema({
      sku: { type: String, unique: true },
      cat: String,
      qty: Number,
    }),
    `smoke_items_${run}`,
  );
  await Item.init(); // builds the unique index
  await Item.insertMany([
    { sku: 'a', cat: 'x', qty: 1 },
    { sku: 'b', cat: 'x', qty: 5 },
    { sku: 'c', cat: 'y', qty: 3 },
  ]);
  const found = await Item.find({ qty: { $gte: 2 } })
    .sort({ qty: -1 })
    .lean();
  assert.deepEqual(
    found.map((d) => d.sku),
    ['b', 'c'],
  );
  await Item.updateOne({ sku: 'a' }, { $inc: { qty: 10 } });
  await Item.updateOne({ sku: 'd' }, { $inc: { qty: 2 }, $set: { cat: 'y' } }, { upsert: true });
  assert.equal((await Item.findOne({ sku: 'a' }).lean()).qty, 11);
  assert.equal((await Item.findOne({ sku: 'd' }).lean()).qty, 2);
  assert.equal(await Item.countDocuments({ cat: 'y' }), 2);
  await assert.rejects(Item.create({ sku: 'a', cat: 'z', qty: 0 }), (e) => e.code === 11000);
  const agg = await Item.aggregate([
    { $match: { qty: { $gt: 0 } } },
    { $group: { _id: '$cat', total: { $sum: '$qty' }, n: { $sum: 1 } } },
    { $sort: { total: -1 } },
  ]);
  assert.deepEqual(agg, [
    { _id: 'x', total: 16, n: 2 },
    { _id: 'y', total: 5, n: 2 },
  ]);
  await Item.collection.drop();
  await conn.close();
}

const all = { redis, kafka, mongo };
(async () => {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(all);
  let failed = 0;
  for (const n of names) {
    const t0 = Date.now();
    try {
      await all[n]();
      console.log(`ok   ${n} (${Date.now() - t0} ms)`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${n}: ${e && (e.stack || e.message)}`);
    }
  }
  console.log(`${names.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
})();
