/**
 * Event bus throughput, end to end: N small events published in batches and consumed by one group
 * (one member), per adapter. Prints a table; the README quotes its figures.
 *
 * For the two Kafka clients it also measures, on a fresh topic of the bus's 12 partitions each:
 *  - latency: BENCH_LATENCY_EVENTS events published one at a time, 20 ms apart, to a group that is idle
 *    between them; from the publish call until the handler has the event (p50, p95, max);
 *  - hand-over: a group of two members (two buses, as two pods); once both handle events, one closes (a
 *    pod's SIGTERM: it leaves the group) while 200 events with distinct keys, so over every partition, are
 *    published; the time from the close until the other member has handled all of them, and until it
 *    handled the first event of a partition the leaver had. A member that dies without leaving is not
 *    measured: its partitions wait for the session timeout (the broker's with platformatic).
 *
 *   npm run bench:bus                     (50,000 events; Kafka from KAFKA_BROKERS or 127.0.0.1:19092)
 *   BENCH_EVENTS=10000 npm run bench:bus
 *   BENCH_ONLY=kafka BENCH_ROUNDS=3 npm run bench:bus   (both clients, one after the other, three times)
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
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const LATENCY_EVENTS = Number(process.env.BENCH_LATENCY_EVENTS ?? 200);
const LATENCY_GAP_MS = 20;
/** Distinct keys published at the hand-over: 200 over 12 partitions leave none out (odds ~1 in 3 million). */
const HANDOVER_EVENTS = 200;
const HANDOVER_TIMEOUT_MS = 120_000;
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

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const benchEvent = (seq: number, key = `article-${seq % 1000}`) =>
  createEnvelope({ type: 'bench.event', version: 1, source: 'bench', key, payload: { seq } });

/** Resolves once `done()` is true, polling every 5 ms; rejects at the deadline with `what`. */
async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface LatencyResult {
  p50: number;
  p95: number;
  max: number;
}

async function latency(bus: EventBus): Promise<LatencyResult> {
  const run = randomUUID().slice(0, 8);
  const topic = `bench-latency.${run}`;
  const sentAt = new Map<number, number>();
  const took: number[] = [];
  await bus.subscribe<{ seq: number }>({
    topic,
    group: `bench-latency-${run}`,
    handler: (event) => {
      const sent = sentAt.get(event.payload.seq);
      if (sent !== undefined && took.length < LATENCY_EVENTS) took.push(performance.now() - sent);
      sentAt.delete(event.payload.seq);
    },
  });
  // The first publish also fetches metadata; one event outside the measurement warms the path.
  await bus.publish(topic, benchEvent(-1));
  for (let seq = 0; seq < LATENCY_EVENTS; seq += 1) {
    sentAt.set(seq, performance.now());
    await bus.publish(topic, benchEvent(seq, `latency-${seq}`));
    await new Promise((resolve) => setTimeout(resolve, LATENCY_GAP_MS));
  }
  await until(() => took.length === LATENCY_EVENTS, 60_000, 'latency events');
  await bus.close();
  const sorted = took.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] };
}

interface HandoverResult {
  /** Partitions the leaving member had. */
  leaverPartitions: number;
  /** From the close until the staying member handled the first event of a partition the leaver had. */
  firstMs: number;
  /** From the close until the staying member handled all HANDOVER_EVENTS. */
  allMs: number;
  /** How long the leaver's close() took (its handler in flight, its last commit, leaving the group). */
  closeMs: number;
}

async function handover(make: () => EventBus): Promise<HandoverResult> {
  const run = randomUUID().slice(0, 8);
  const topic = `bench-handover.${run}`;
  const group = `bench-handover-${run}`;
  const staying = make();
  const leaving = make();
  const leaverPartitions = new Set<number>();
  const handledByStaying = new Map<number, { at: number; partition: number }>();
  let warmHandled = 0;
  try {
    await staying.subscribe<{ seq: number }>({
      topic,
      group,
      handler: (event, context) => {
        if (event.payload.seq < 0) warmHandled += 1;
        else if (!handledByStaying.has(event.payload.seq))
          handledByStaying.set(event.payload.seq, { at: performance.now(), partition: context.partition });
      },
    });
    const leaverSubscription = await leaving.subscribe<{ seq: number }>({
      topic,
      group,
      handler: (event, context) => {
        if (event.payload.seq < 0) {
          warmHandled += 1;
          leaverPartitions.add(context.partition);
        }
      },
    });
    // Both members hold partitions and handle their events: warm-up rounds until the leaver has had some.
    for (let round = 0; leaverPartitions.size === 0; round += 1) {
      if (round === 30) throw new Error('the second member never got a partition');
      const before = warmHandled;
      await staying.publish(
        topic,
        Array.from({ length: 100 }, (_, i) => benchEvent(-1, `warm-${round}-${i}`)),
      );
      await until(() => warmHandled >= before + 100, 60_000, 'warm-up events');
    }
    const probes = Array.from({ length: HANDOVER_EVENTS }, (_, seq) =>
      benchEvent(seq, `handover-${run}-${seq}`),
    );
    const closedFrom = performance.now();
    let closeMs = 0;
    const closing = leaverSubscription.close().then(() => (closeMs = performance.now() - closedFrom));
    await staying.publish(topic, probes);
    await until(() => handledByStaying.size === HANDOVER_EVENTS, HANDOVER_TIMEOUT_MS, 'hand-over events');
    await closing;
    const handled = [...handledByStaying.values()];
    const firstOfLeaver = Math.min(
      ...handled.filter((entry) => leaverPartitions.has(entry.partition)).map((entry) => entry.at),
    );
    return {
      leaverPartitions: leaverPartitions.size,
      firstMs: firstOfLeaver - closedFrom,
      allMs: Math.max(...handled.map((entry) => entry.at)) - closedFrom,
      closeMs,
    };
  } finally {
    await Promise.all([staying.close(), leaving.close()]);
  }
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
  // kafkajs with its defaults (KAFKA_HEARTBEAT_INTERVAL_MS 3 s), and with the 1 s heartbeats the local
  // broker gives the platformatic members (infra/local sets group.consumer.heartbeat.interval.ms), since a
  // hand-over waits for the staying member's next heartbeat on both.
  const kafkaClients: Array<[string, () => EventBus]> = [
    ['kafka, kafkajs', () => new KafkaEventBus({ brokers: BROKERS, clientId: 'pulse-bench' })],
    [
      'kafka, kafkajs, 1 s heartbeats',
      () =>
        new KafkaEventBus({
          brokers: BROKERS,
          clientId: 'pulse-bench',
          consumer: { heartbeatIntervalMs: 1_000, sessionTimeoutMs: 10_000 },
        }),
    ],
    [
      'kafka, @platformatic/kafka',
      () => new PlatformaticKafkaEventBus({ brokers: BROKERS, clientId: 'pulse-bench-platformatic' }),
    ],
  ];
  const clientRows: Array<{
    round: number;
    client: string;
    latency: LatencyResult;
    handover: HandoverResult;
  }> = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [name, make] of kafkaClients) {
      if (!wanted(name)) continue;
      const adapter = `${name} (${BROKERS.join(',')})`;
      const bus = make();
      const health = await bus.check();
      if (!health.ok) {
        const hint = health.reason?.includes('Node') ? '' : ' (infra/local/pulse-local up)';
        results.push({ adapter, error: `not usable: ${health.reason}${hint}` });
        await bus.close();
        continue;
      }
      // Throughput does not depend on the heartbeat: measured once per client.
      if (!name.includes('heartbeats')) results.push(await measure(`${adapter}, round ${round}`, bus));
      else await bus.close();
      clientRows.push({
        round,
        client: name,
        latency: await latency(make()),
        handover: await handover(make),
      });
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
  if (clientRows.length === 0) return;
  const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')}`;
  console.log(
    `\nLatency (${LATENCY_EVENTS} events one at a time, ${LATENCY_GAP_MS} ms apart) and hand-over (one of two members closes while ${HANDOVER_EVENTS} events over every partition are published); ms\n`,
  );
  console.log(
    '| round | client | latency p50 | p95 | max | leaver partitions | leaver closed | first of its partitions handled | all handled |',
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const { round, client, latency: l, handover: h } of clientRows)
    console.log(
      `| ${round} | ${client} | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.max)} | ${h.leaverPartitions} | ${ms(h.closeMs)} | ${ms(h.firstMs)} | ${ms(h.allMs)} |`,
    );
  console.log(
    `\nload average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} at the end`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
