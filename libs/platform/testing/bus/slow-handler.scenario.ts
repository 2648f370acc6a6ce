import { randomUUID } from 'node:crypto';
import { eventually } from '@pulse/testing';
import type { KafkaConsumerTuning } from '../../src/bus/kafkajs/kafka.subscription';
import type { EventBus } from '../../src/bus/bus.port';
import { createEnvelope } from '../../src/bus/create-envelope';
import type { GroupWatch } from '@pulse/testing';

/** Partitions of the scenario's topics: few, so that every one of them can have a record in hand. */
const PARTITIONS = 3;

/**
 * A handler that outlives the session timeout must keep its member in a stable group, and a member that
 * joins while every partition has a record in hand must not start any of them while the busy member still
 * runs it, though one partition has to move to it: run against each Kafka client's adapter. The group is
 * watched through the broker (`watchGroups`: the API that describes the protocol the client's groups run).
 */
export function describeSlowHandler(
  client: string,
  makeBus: (consumer: Partial<KafkaConsumerTuning>, partitions: number) => EventBus,
  watchGroups: () => Promise<GroupWatch>,
): void {
  describe(`kafka bus [${client}]: a handler slower than the session timeout`, () => {
    const SESSION_MS = 6_000; // the broker's minimum (group.min.session.timeout.ms)
    let watch: GroupWatch;
    let bus: EventBus;
    let sessionMs: number;
    // A test that fails while its handlers wait must still let them finish, or the bus cannot close.
    let release = () => {};

    beforeAll(async () => {
      watch = await watchGroups();
      sessionMs = await watch.sessionTimeoutMs(SESSION_MS);
      bus = makeBus(
        { sessionTimeoutMs: SESSION_MS, heartbeatIntervalMs: 500, rebalanceTimeoutMs: 30_000 },
        PARTITIONS,
      );
    });
    afterEach(() => release());
    afterAll(async () => {
      await bus?.close();
      await watch?.close();
    }, 30_000);

    it('keeps its member in a stable group and is handled once, not again by another member', async () => {
      const run = randomUUID().slice(0, 8);
      const topic = `slow.${run}`;
      const group = `slow-${run}`;
      const started: string[] = [];
      const finished: string[] = [];
      const gate = new Promise<void>((resolve) => (release = resolve));
      const member = (name: string) =>
        bus.subscribe<{ slow: boolean }>({
          topic,
          group,
          handler: async (event) => {
            started.push(`${name}:${event.id}`);
            // Stands in for an LLM call: it returns when the test has watched the group for long enough.
            if (event.payload.slow) await gate;
            finished.push(`${name}:${event.id}`);
          },
        });
      await member('a');
      await member('b');
      // Both members hold their partitions before the slow record comes (a group on the consumer protocol
      // hands a joining member its partitions over a few heartbeats).
      await eventually(async () => expect(await watch.describe(group)).toBe('Stable with 2 members'), {
        timeoutMs: 30_000,
        intervalMs: 250,
      });

      const slow = createEnvelope({
        type: 'article.collected',
        version: 1,
        source: 'spec',
        key: 'slow-article',
        payload: { slow: true },
      });
      await bus.publish(topic, slow);
      await eventually(() => expect(started).toHaveLength(1), { timeoutMs: 20_000 });
      const startedAt = Date.now();

      // Sample the group as the broker sees it until the handler has outlived the session timeout by half.
      const samples = new Set<string>();
      await eventually(
        async () => {
          samples.add(await watch.describe(group));
          expect(Date.now() - startedAt).toBeGreaterThan(sessionMs * 1.5);
        },
        { timeoutMs: sessionMs * 3, intervalMs: 250 },
      );
      release();

      const after = createEnvelope({
        type: 'article.collected',
        version: 1,
        source: 'spec',
        key: 'slow-article',
        payload: { slow: false },
      });
      await bus.publish(topic, after);
      await eventually(() => expect(finished.map((f) => f.split(':')[1])).toEqual([slow.id, after.id]), {
        timeoutMs: 20_000,
      });
      expect([...samples]).toEqual(['Stable with 2 members']);
      expect(started.filter((s) => s.endsWith(slow.id))).toHaveLength(1);
    }, 90_000);

    it('waits for the records in hand when a member joins mid-handler and a busy partition must move to it', async () => {
      const run = randomUUID().slice(0, 8);
      const topic = `join.${run}`;
      const group = `join-${run}`;
      const started: string[] = [];
      const finished: string[] = [];
      const gate = new Promise<void>((resolve) => (release = resolve));
      const member = (name: string) =>
        bus.subscribe({
          topic,
          group,
          handler: async (event) => {
            started.push(`${name}:${event.id}`);
            await gate;
            finished.push(event.id);
          },
        });
      await member('a');
      // Keys over every partition (Kafka's partitioner is deterministic: these six cover all three), so
      // every partition has a record in hand and whichever one moves to the new member is busy.
      const round = (name: string) =>
        Array.from({ length: 6 }, (_, n) =>
          createEnvelope({
            type: 'article.collected',
            version: 1,
            source: 'spec',
            key: `key-${n}`,
            payload: { round: name, n },
          }),
        );
      const events = round('first');
      await bus.publish(topic, events);
      await eventually(() => expect(new Set(started.map((s) => s.split(':')[1])).size).toBe(PARTITIONS), {
        timeoutMs: 20_000,
      });
      const joinedAt = Date.now();
      const joined = member('b');
      const startedOnB = () => started.filter((s) => s.startsWith('b:'));

      // Watch for longer than the session timeout: under either group protocol the new member would have
      // been handed a partition by then had the busy one given it up (or been evicted).
      await eventually(
        () => {
          expect(startedOnB()).toEqual([]);
          expect(Date.now() - joinedAt).toBeGreaterThan(Math.max(sessionMs, 8_000));
        },
        { timeoutMs: Math.max(sessionMs, 8_000) + 10_000, intervalMs: 100 },
      );
      release();
      await joined;
      await eventually(() => expect(new Set(finished)).toEqual(new Set(events.map((e) => e.id))), {
        timeoutMs: 30_000,
      });

      // A partition did move: the same keys again, and the new member handles its share of them.
      const again = round('second');
      await bus.publish(topic, again);
      await eventually(
        () => expect(new Set(finished)).toEqual(new Set([...events, ...again].map((e) => e.id))),
        { timeoutMs: 30_000 },
      );
      expect(startedOnB().length).toBeGreaterThan(0);
      // Each record ran once: none was started again by the member the busy one handed its partition to.
      const runs = (id: string) => started.filter((s) => s.endsWith(id)).length;
      expect([...events, ...again].filter((event) => runs(event.id) !== 1)).toEqual([]);
    }, 120_000);
  });
}
