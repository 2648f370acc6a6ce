#!/usr/bin/env node
// Readiness probe for the local MongoDB-wire server: ping + isMaster via the installed mongodb driver.
// Usage: node infra/local/probe-mongo.js [mongodb-url]   (default $MONGO_URL or mongodb://127.0.0.1:27027/)
// Exit 0 when the server answers (and speaks wire version >= 9, as the installed mongodb 7.x driver requires), 1 otherwise.
'use strict';
const { MongoClient } = require('mongodb');

const url = process.argv[2] || process.env.MONGO_URL || 'mongodb://127.0.0.1:27027/';
const timer = setTimeout(() => {
  console.error('probe-mongo: timeout');
  process.exit(1);
}, 8000);

(async () => {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 2000, connectTimeoutMS: 1000 });
  try {
    await client.connect();
    const admin = client.db('admin');
    await admin.command({ ping: 1 });
    // isMaster: mongo-java-server has no `hello` command
    const hello = await admin.command({ isMaster: 1 });
    const info = await admin.command({ buildInfo: 1 });
    console.log(JSON.stringify({ url, version: info.version, maxWireVersion: hello.maxWireVersion }));
    await client.close();
    clearTimeout(timer);
    process.exit(hello.maxWireVersion >= 9 ? 0 : 1);
  } catch (err) {
    console.error('probe-mongo:', err && err.message);
    process.exit(1);
  }
})();
