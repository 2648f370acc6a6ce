/**
 * Event bus throughput, end to end: N small events published in batches and consumed by one group
 * (one member), per adapter. Prints a table; the README quotes its figures.
 *
 *   npm run bench:bus                     (50,000 events; Kafka from KAFKA_BROKERS or 127.0.0.1:19092)
 *   BENCH_EVENTS=10000 npm run bench:bus
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  createEnvelope,
  InProcessEventBus,
  KafkaEventBus,
  PlatformaticKafkaEventBus,
  type EventBus,
} from '@pulse/platform';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 50_000);
const BATCH = 1_000;
const ONLY = process.env.BENCH_ONLY ?? '';
const BROKERS = (
  process.env.KAFKA_BROKERS ??
  process.env.PULSE_TEST_KAFKA_BROKERS ??
  '127.0.0.1:19092'
).split(',');

interface Result {
  adapter: string;
  publishMs: number;
  endToEndMs: number;
}

async function measure(adapter: string, bus: EventBus): Promise<Result> {
  const run = randomUUID().slice(0, 8);
  const topic = `bench.${run}`;
  let consumed = 0;
  let done!: () => void;
  const allConsumed = new Promise<void>((resolve) => (done = resolve));
  await bus.subscribe({
    topic,
    group: `bench-${run}`,
    handler: () => {
      if (++consumed === EVENTS) done();
    },
  });
  const events = Array.from({ length: EVENTS }, (_, seq) =>
    createEnvelope({
      type: 'bench.event',
      version: 1,
      source: 'bench',
      key: `article-${seq % 1000}`,
      payload: { seq },
    }),
  );
  const started = performance.now();
  for (let i = 0; i < EVENTS; i += BATCH) await bus.publish(topic, events.slice(i, i + BATCH));
  const publishMs = performance.now() - started;
  await allConsumed;
  const endToEndMs = performance.now() - started;
  await bus.close();
  return { adapter, publishMs, endToEndMs };
}

async function main(): Promise<void> {
  const results: Array<Result | { adapter: string; error: string }> = [];
  const wanted = (adapter: string) => adapter.includes(ONLY);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-'));
  try {
    if (wanted('in-process, in memory'))
      results.push(await measure('in-process, in memory', new InProcessEventBus()));
    if (wanted('in-process, on disk'))
      results.push(
        await measure('in-process, on disk', new InProcessEventBus({ dataDir: path.join(dataDir, 'write') })),
      );
    if (wanted('in-process, on disk, fsync'))
      results.push(
        await measure(
          'in-process, on disk, fsync',
          new InProcessEventBus({ dataDir: path.join(dataDir, 'fsync'), fsync: true }),
        ),
      );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const kafkaClients: Array<[string, () => EventBus]> = [
    ['kafka, kafkajs', () => new KafkaEventBus({ brokers: BROKERS, clientId: 'pulse-bench' })],
    [
      'kafka, @platformatic/kafka',
      () => new PlatformaticKafkaEventBus({ brokers: BROKERS, clientId: 'pulse-bench-platformatic' }),
    ],
  ];
  for (const [name, make] of kafkaClients) {
    if (!wanted(name)) continue;
    const adapter = `${name} (${BROKERS.join(',')})`;
    const bus = make();
    const health = await bus.check();
    if (health.ok) results.push(await measure(adapter, bus));
    else {
      const hint = health.reason?.includes('Node') ? '' : ' (infra/local/pulse-local up)';
      results.push({ adapter, error: `not usable: ${health.reason}${hint}` });
      await bus.close();
    }
  }

  const rate = (ms: number) => Math.round((EVENTS / ms) * 1000).toLocaleString('en-US');
  console.log(
    `\n${EVENTS.toLocaleString('en-US')} events of ~300 bytes, published in batches of ${BATCH}, one consumer group of one member (${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)} at the end, Node ${process.version})\n`,
  );
  console.log('| adapter | publish (s) | end to end (s) | published/s | end-to-end events/s |');
  console.log('|---|---:|---:|---:|---:|');
  for (const result of results) {
    if ('error' in result) console.log(`| ${result.adapter} | — | — | — | ${result.error} |`);
    else
      console.log(
        `| ${result.adapter} | ${(result.publishMs / 1000).toFixed(2)} | ${(result.endToEndMs / 1000).toFixed(2)} | ${rate(result.publishMs)} | ${rate(result.endToEndMs)} |`,
      );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
