#!/usr/bin/env node
// Readiness probe for the local Kafka broker: kafkajs admin connects and lists topics.
// Usage: node infra/local/probe-kafka.js [host:port,...]   (default $KAFKA_BROKERS or 127.0.0.1:19092)
// Exit 0 when the broker answers, 1 otherwise. Prints the topic list on success.
'use strict';
const { Kafka, logLevel } = require('kafkajs');

const brokers = (process.argv[2] || process.env.KAFKA_BROKERS || '127.0.0.1:19092').split(',');
const kafka = new Kafka({
  clientId: 'pulse-local-probe',
  brokers,
  logLevel: logLevel.NOTHING,
  connectionTimeout: 1000,
  requestTimeout: 3000,
  retry: { retries: 0 },
});

const timer = setTimeout(() => {
  console.error('probe-kafka: timeout');
  process.exit(1);
}, 8000);

(async () => {
  const admin = kafka.admin();
  try {
    await admin.connect();
    const topics = await admin.listTopics();
    console.log(JSON.stringify({ brokers, topics }));
    await admin.disconnect();
    clearTimeout(timer);
    process.exit(0);
  } catch (err) {
    console.error('probe-kafka:', err && err.message);
    process.exit(1);
  }
})();
