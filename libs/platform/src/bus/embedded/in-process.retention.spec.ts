import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@pulse/testing';
import type { BusLogger, Subscription } from '../bus.port';
import { createEnvelope } from '../create-envelope';
import { InProcessEventBus, type InProcessBusOptions } from './in-process.bus';
import { segmentFileName } from './in-process.segments';

const HOUR = 3_600_000;
const TOPIC = 'articles';

const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-retention-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const event = (seq: number) =>
  createEnvelope({ type: 'article.collected', version: 1, source: 'ingestion', key: 'k', payload: { seq } });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The injected clock: tests move time forward instead of waiting for it. */
let now = 0;
let warnings: string[] = [];
const logger: BusLogger = {
  error: () => undefined,
  warn: (_obj, msg) => void warnings.push(msg ?? ''),
  info: () => undefined,
  debug: () => undefined,
};
beforeEach(() => {
  now = Date.parse('2030-01-01T00:00:00Z');
  warnings = [];
});

/** One partition and segments of ~5 records, so a few dozen events span several segments. */
function openBus(dataDir: string | undefined, retention: InProcessBusOptions['retention'] = {}) {
  return new InProcessEventBus({
    dataDir,
    partitions: 1,
    clock: () => now,
    logger,
    retention: { periodMs: HOUR, hardCapMs: Infinity, segmentBytes: 2_000, checkEveryMs: 0, ...retention },
  });
}

/** Publishes one by one: a segment is closed between publishes, never inside one batch. */
async function publish(bus: InProcessEventBus, seqs: number[]) {
  for (const seq of seqs) await bus.publish(TOPIC, event(seq));
}

interface Consumer {
  seqs: number[];
  offsets: string[];
  subscription: Subscription;
}

async function consume(bus: InProcessEventBus, group: string): Promise<Consumer> {
  const consumer = { seqs: [] as number[], offsets: [] as string[] } as Consumer;
  consumer.subscription = await bus.subscribe<{ seq: number }>({
    topic: TOPIC,
    group,
    handler: (received, context) => {
      consumer.seqs.push(received.payload.seq);
      consumer.offsets.push(context.offset);
    },
  });
  return consumer;
}

const partitionDir = (dataDir: string) => path.join(dataDir, 'topics', TOPIC, '0');
const segments = (dataDir: string) => fs.readdirSync(partitionDir(dataDir)).sort();
const logBytes = (dataDir: string) =>
  segments(dataDir).reduce((sum, name) => sum + fs.statSync(path.join(partitionDir(dataDir), name)).size, 0);

/** What the group has committed on disk: the next offset it will read. */
function committed(dataDir: string, group: string): number | undefined {
  const file = path.join(dataDir, 'offsets', encodeURIComponent(group), `${TOPIC}.offsets`);
  if (!fs.existsSync(file)) return undefined;
  const last = fs.readFileSync(file, 'utf8').trim().split('\n').pop() ?? '';
  return last ? Number(last.split(' ')[1]) : undefined;
}

describe('in-process bus retention', () => {
  it('drops what every group has committed once older than the period, from disk and memory; a restart resumes at the same offsets', async () => {
    const dataDir = freshDir();
    const bus = openBus(dataDir);
    const content = await consume(bus, 'content');
    await publish(bus, range(1, 40));
    await eventually(() => expect(committed(dataDir, 'content')).toBe(40));
    const before = logBytes(dataDir);
    expect(segments(dataDir).length).toBeGreaterThan(3);

    // Committed, but not old enough yet.
    expect(bus.applyRetention().records).toBe(0);
    expect(logBytes(dataDir)).toBe(before);

    now += 2 * HOUR;
    await content.subscription.close();
    await publish(bus, range(41, 45));
    const outcome = bus.applyRetention();
    expect(outcome).toMatchObject({ records: 40, forced: [] });
    expect(logBytes(dataDir)).toBeLessThan(before);
    expect(segments(dataDir)[0]).toBe(segmentFileName(40));

    // Gone from memory too: a group new to the topic starts at the oldest record kept.
    const newcomer = await consume(bus, 'newcomer');
    await eventually(() => expect(newcomer.seqs).toEqual(range(41, 45)));
    expect(newcomer.offsets).toEqual(['40', '41', '42', '43', '44']);
    await bus.close();

    const reopened = openBus(dataDir);
    const resumed = await consume(reopened, 'content');
    await eventually(() => expect(resumed.seqs).toEqual(range(41, 45)));
    // Offsets are absolute: the committed 40 still means the record after seq 40.
    expect(resumed.offsets).toEqual(['40', '41', '42', '43', '44']);
    await publish(reopened, [46]);
    await eventually(() => expect(resumed.offsets.at(-1)).toBe('45'));
    await reopened.close();
  });

  it('keeps every record a group has not committed, however old', async () => {
    const dataDir = freshDir();
    const bus = openBus(dataDir);
    const fast = await consume(bus, 'fast');
    const slow = await consume(bus, 'slow');
    await publish(bus, range(1, 10));
    await eventually(() => expect(committed(dataDir, 'slow')).toBe(10));
    await slow.subscription.close();
    await publish(bus, range(11, 40));
    await eventually(() => expect(committed(dataDir, 'fast')).toBe(40));
    const before = logBytes(dataDir);

    now += 100 * HOUR;
    bus.applyRetention();
    // Segments wholly before slow's offset went; the one holding offset 10 and all after it stayed.
    expect(logBytes(dataDir)).toBeLessThan(before);
    const firstBase = Number(segments(dataDir)[0].slice(0, 20));
    expect(firstBase).toBeGreaterThan(0);
    expect(firstBase).toBeLessThanOrEqual(10);

    const slowAgain = await consume(bus, 'slow');
    await eventually(() => expect(slowAgain.seqs).toEqual(range(11, 40)));
    expect(fast.seqs).toEqual(range(1, 40));
    await bus.close();
  });

  it('past the hard cap, drops records a group has not committed and warns; the group resumes at the oldest kept', async () => {
    const dataDir = freshDir();
    const bus = openBus(dataDir, { hardCapMs: 10 * HOUR });
    // Subscribing once makes a group known (its start is committed) even if it never consumes.
    const stalled = await consume(bus, 'stalled');
    await eventually(() => expect(committed(dataDir, 'stalled')).toBe(0));
    await stalled.subscription.close();
    await consume(bus, 'fast');
    await publish(bus, range(1, 20));
    await eventually(() => expect(committed(dataDir, 'fast')).toBe(20));

    now += 2 * HOUR;
    expect(bus.applyRetention().records).toBe(0);

    now += 10 * HOUR;
    const outcome = bus.applyRetention();
    expect(outcome.records).toBe(20);
    expect(outcome.forced).toEqual([
      { topic: TOPIC, partition: 0, group: 'stalled', committed: 0, start: 20 },
    ]);
    expect(warnings).toContain('bus: retention hard cap dropped records a consumer group had not committed');

    const resumed = await consume(bus, 'stalled');
    await publish(bus, [21]);
    await eventually(() => expect(resumed.seqs).toEqual([21]));
    expect(warnings).toContainEqual(expect.stringContaining('resuming at the oldest kept'));
    await bus.close();
  });

  it('survives a kill right after retention dropped every record: offsets continue, a torn last line is cut', async () => {
    const dataDir = freshDir();
    const bus = openBus(dataDir);
    await consume(bus, 'content');
    await publish(bus, range(1, 12));
    await eventually(() => expect(committed(dataDir, 'content')).toBe(12));
    now += 2 * HOUR;
    expect(bus.applyRetention().records).toBe(12);
    // The data dir as a SIGKILL right now would leave it (the bus still open, nothing closed).
    const killedDir = freshDir();
    fs.cpSync(dataDir, killedDir, { recursive: true });
    await bus.close();
    expect(segments(killedDir)).toEqual([segmentFileName(12)]);
    fs.appendFileSync(path.join(partitionDir(killedDir), segmentFileName(12)), '{"t":1,"h":{},"e":{"id":"to');

    const reopened = openBus(killedDir);
    const content = await consume(reopened, 'content');
    const newcomer = await consume(reopened, 'newcomer');
    await publish(reopened, [13, 14]);
    await eventually(() => {
      expect(content.seqs).toEqual([13, 14]);
      expect(newcomer.seqs).toEqual([13, 14]);
    });
    expect(content.offsets).toEqual(['12', '13']);
    await reopened.close();
  });

  it('above the size bound, drops committed records early, oldest first, but never uncommitted ones', async () => {
    const dataDir = freshDir();
    const bus = openBus(dataDir, { periodMs: 1_000 * HOUR, maxBytes: 4_000 });
    await consume(bus, 'fast');
    const behind = await consume(bus, 'behind');
    await publish(bus, range(1, 10));
    await eventually(() => expect(committed(dataDir, 'behind')).toBe(10));
    await behind.subscription.close();
    await publish(bus, range(11, 40));
    await eventually(() => expect(committed(dataDir, 'fast')).toBe(40));

    const held = bus.applyRetention();
    expect(held.records).toBeGreaterThan(0);
    expect(held.keptBytes).toBeGreaterThan(4_000);
    expect(Number(segments(dataDir)[0].slice(0, 20))).toBeLessThanOrEqual(10);

    const caughtUp = await consume(bus, 'behind');
    await eventually(() => expect(caughtUp.seqs).toEqual(range(11, 40)));
    await eventually(() => expect(committed(dataDir, 'behind')).toBe(40));
    const outcome = bus.applyRetention();
    expect(outcome.keptBytes).toBeLessThanOrEqual(4_000);
    expect(logBytes(dataDir)).toBe(outcome.keptBytes);
    await bus.close();
  });

  it('runs on its timer', async () => {
    const dataDir = freshDir();
    const bus = openBus(dataDir, { checkEveryMs: 10 });
    await consume(bus, 'content');
    await publish(bus, range(1, 20));
    await eventually(() => expect(committed(dataDir, 'content')).toBe(20));
    const before = logBytes(dataDir);
    now += 2 * HOUR;
    await eventually(() => expect(logBytes(dataDir)).toBeLessThan(before));
    await bus.close();
  });

  it('in memory only, drops records the same way', async () => {
    const bus = openBus(undefined);
    const content = await consume(bus, 'content');
    await publish(bus, range(1, 20));
    await eventually(() => expect(content.seqs).toEqual(range(1, 20)));
    now += 2 * HOUR;
    await publish(bus, [21]);
    // Commits happen when the group is idle, just after its last delivery: poll until they count.
    await eventually(() => expect(bus.applyRetention().records).toBe(20));
    const newcomer = await consume(bus, 'newcomer');
    await eventually(() => expect(newcomer.seqs).toEqual([21]));
    expect(newcomer.offsets).toEqual(['20']);
    await bus.close();
  });

  it('takes over a log written before segments existed, aging its records by the file time', async () => {
    const dataDir = freshDir();
    const topicDir = path.join(dataDir, 'topics', TOPIC);
    fs.mkdirSync(topicDir, { recursive: true });
    fs.writeFileSync(path.join(topicDir, 'meta.json'), JSON.stringify({ partitions: 1 }));
    const legacy = path.join(topicDir, '0.log');
    fs.writeFileSync(
      legacy,
      range(1, 3)
        .map((seq) => `${JSON.stringify({ h: {}, e: event(seq) })}\n`)
        .join(''),
    );
    const written = new Date(now - 3 * HOUR);
    fs.utimesSync(legacy, written, written);

    const bus = openBus(dataDir);
    const content = await consume(bus, 'content');
    await eventually(() => expect(content.seqs).toEqual([1, 2, 3]));
    expect(fs.existsSync(legacy)).toBe(false);
    await eventually(() => expect(committed(dataDir, 'content')).toBe(3));
    expect(bus.applyRetention().records).toBe(3);
    await publish(bus, [4]);
    await eventually(() => expect(content.offsets).toEqual(['0', '1', '2', '3']));
    await bus.close();
  });
});
