import { randomUUID } from 'node:crypto';
import { eventually, kafkaTestBrokers } from '@pulse/testing';
import { Kafka, logLevel, type Admin } from 'kafkajs';
import type { KafkaConsumerTuning } from '../../src/bus/kafkajs/kafka.subscription';
import type { EventBus } from '../../src/bus/bus.port';
import { createEnvelope } from '../../src/bus/create-envelope';

/**
 * A handler that outlives the session timeout must keep its member in a stable group: run against each
 * Kafka client's adapter. The group is watched through the broker (a kafkajs admin, whichever client
 * the bus under test uses).
 */
export function describeSlowHandler(
  client: string,
  makeBus: (consumer: Partial<KafkaConsumerTuning>) => EventBus,
  /**
   * What the client does when a member joins while handlers run: kafkajs rejoins only once the records
   * in hand are done, so none runs twice; @platformatic/kafka rejoins at once, and the record in hand
   * of a partition that moves starts again on the new owner. Pinned, so a change in either shows.
   */
  onJoin: 'waits for the records in hand' | 'moves a record in hand',
): void {
  describe(`kafka bus [${client}]: a handler slower than the session timeout`, () => {
    const SESSION_MS = 6_000; // the broker's minimum (group.min.session.timeout.ms)
    let admin: Admin;
    let bus: EventBus;

    beforeAll(async () => {
      admin = new Kafka({
        brokers: kafkaTestBrokers(),
        clientId: 'pulse-bus-spec-admin',
        logLevel: logLevel.NOTHING,
      }).admin();
      await admin.connect();
      bus = makeBus({ sessionTimeoutMs: SESSION_MS, heartbeatIntervalMs: 500, rebalanceTimeoutMs: 30_000 });
    });
    afterAll(async () => {
      await bus?.close();
      await admin?.disconnect();
    });

    it('keeps its member in a stable group and is handled once, not again by another member', async () => {
      const run = randomUUID().slice(0, 8);
      const topic = `slow.${run}`;
      const group = `slow-${run}`;
      const started: string[] = [];
      const finished: string[] = [];
      let release!: () => void;
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
          const { groups } = await admin.describeGroups([group]);
          samples.add(`${groups[0].state} with ${groups[0].members.length} members`);
          expect(Date.now() - startedAt).toBeGreaterThan(SESSION_MS * 1.5);
        },
        { timeoutMs: SESSION_MS * 3, intervalMs: 250 },
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
    }, 60_000);

    it(`${onJoin} when a member joins mid-handler`, async () => {
      const run = randomUUID().slice(0, 8);
      const topic = `join.${run}`;
      const group = `join-${run}`;
      const started: string[] = [];
      const finished: string[] = [];
      let release!: () => void;
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
      // Keys over every partition (the buses under test make 3), so whichever partition moves to the new
      // member has a record in hand.
      const events = Array.from({ length: 6 }, (_, n) =>
        createEnvelope({
          type: 'article.collected',
          version: 1,
          source: 'spec',
          key: `key-${n}`,
          payload: { n },
        }),
      );
      await bus.publish(topic, events);
      await eventually(() => expect(new Set(started.map((s) => s.split(':')[1])).size).toBe(3), {
        timeoutMs: 20_000,
      });
      const inHand = started.map((s) => s.split(':')[1]);
      const joinedAt = Date.now();
      const joined = member('b');
      const startedOnB = () => started.filter((s) => s.startsWith('b:')).map((s) => s.split(':')[1]);

      if (onJoin === 'moves a record in hand') {
        await joined;
        await eventually(
          () => expect(startedOnB().filter((id) => inHand.includes(id)).length).toBeGreaterThan(0),
          { timeoutMs: 20_000 },
        );
      } else {
        // Watch for a while: the new member must not start what the busy one holds.
        await eventually(
          () => {
            expect(startedOnB()).toEqual([]);
            expect(Date.now() - joinedAt).toBeGreaterThan(3_000);
          },
          { timeoutMs: 10_000, intervalMs: 100 },
        );
      }
      release();
      await joined;
      await eventually(() => expect(new Set(finished)).toEqual(new Set(events.map((e) => e.id))), {
        timeoutMs: 20_000,
      });
      const runs = (id: string) => started.filter((s) => s.endsWith(id)).length;
      const twice = events.filter((event) => runs(event.id) > 1).length;
      if (onJoin === 'moves a record in hand') expect(twice).toBeGreaterThan(0);
      else expect(twice).toBe(0);
    }, 60_000);
  });
}
