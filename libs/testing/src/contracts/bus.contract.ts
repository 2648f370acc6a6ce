import { randomUUID } from 'node:crypto';
import { deadLetterTopic, type EventEnvelope } from '@pulse/contracts';
import {
  createEnvelope,
  type EventBatchContext,
  type EventBus,
  type EventContext,
  type SubscribeOptions,
  type Subscription,
} from '@pulse/platform/bus';
import { StoreUnavailableError } from '@pulse/platform/store';
import { z } from 'zod';
import { eventually } from '../eventually';

export interface BusContractOptions {
  /** Deadline of each wait for deliveries. Kafka needs longer than the in-process bus. */
  waitMs?: number;
}

interface Seen<P> {
  event: EventEnvelope<P>;
  context: EventContext;
}

type Payload = { seq: number; label?: string };

/**
 * The behaviour every EventBus adapter must show (docs/design.md §4), run against the in-memory, the on-disk
 * in-process and the Kafka adapters. `makeBus` returns a fresh bus; every test uses topics and groups
 * of its own, so runs never see each other's events.
 */
export function describeEventBusContract(
  adapterName: string,
  makeBus: () => EventBus | Promise<EventBus>,
  options: BusContractOptions = {},
): void {
  const waitMs = options.waitMs ?? 10_000;
  const testMs = waitMs * 3;

  describe(`EventBus contract: ${adapterName}`, () => {
    const run = randomUUID().slice(0, 8);
    let counter = 0;
    const topicFor = (label: string) => `contract.${label}.${run}.${++counter}`;
    const groupFor = (label: string) => `contract-${label}-${run}-${++counter}`;
    let bus: EventBus;
    const subscriptions: Subscription[] = [];

    const event = (key: string, payload: Payload) =>
      createEnvelope({ type: 'contract.tested', version: 1, source: 'bus-contract', key, payload });

    /** Subscribes and records every delivery (including failed attempts) in arrival order. */
    async function record<P = Payload>(
      options: Omit<SubscribeOptions<P>, 'handler'> & { handler?: SubscribeOptions<P>['handler'] },
    ) {
      const seen: Array<Seen<P>> = [];
      const subscription = await bus.subscribe<P>({
        ...options,
        handler: async (received, context) => {
          seen.push({ event: received, context });
          await options.handler?.(received, context);
        },
      });
      subscriptions.push(subscription);
      return seen;
    }

    const ids = (seen: Array<Seen<unknown>>) => seen.map((s) => s.event.id);

    beforeAll(async () => {
      bus = await makeBus();
    }, testMs);
    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
    }, testMs);
    afterAll(async () => {
      await bus?.close();
    }, testMs);

    it(
      'delivers a published event to a subscriber with its envelope intact',
      async () => {
        const topic = topicFor('round-trip');
        const seen = await record({ topic, group: groupFor('round-trip') });
        const published = createEnvelope({
          type: 'article.collected',
          version: 1,
          source: 'ingestion',
          key: 'article-1',
          payload: { title: '생성형 AI 뉴스', tags: ['ai'] },
          traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
        });
        await bus.publish(topic, published);
        await eventually(() => expect(seen).toHaveLength(1), { timeoutMs: waitMs });
        const [{ event: received, context }] = seen;
        expect(received).toEqual(published);
        expect(context).toMatchObject({ topic, attempt: 1, deadLetter: undefined });
        expect(context.headers.traceparent).toBe(published.traceparent);
        expect(context.signal.aborted).toBe(false);
      },
      testMs,
    );

    it(
      'keeps the order of events that share a key',
      async () => {
        const topic = topicFor('order');
        const seen = await record({ topic, group: groupFor('order') });
        const keys = ['article-a', 'article-b', 'article-c', 'article-d'];
        const all = Array.from({ length: 40 }, (_, seq) => event(keys[seq % keys.length], { seq }));
        await bus.publish(topic, all.slice(0, 20));
        for (const single of all.slice(20)) await bus.publish(topic, single);
        await eventually(() => expect(seen).toHaveLength(all.length), { timeoutMs: waitMs });
        for (const key of keys) {
          const delivered = seen.filter((s) => s.event.key === key).map((s) => s.event.payload.seq);
          const published = all.filter((e) => e.key === key).map((e) => e.payload.seq);
          expect([key, delivered]).toEqual([key, published]);
        }
      },
      testMs,
    );

    it(
      'delivers every event to each consumer group',
      async () => {
        const topic = topicFor('groups');
        const first = await record({ topic, group: groupFor('first') });
        const second = await record({ topic, group: groupFor('second') });
        const all = Array.from({ length: 20 }, (_, seq) => event(`key-${seq % 7}`, { seq }));
        await bus.publish(topic, all);
        const expected = all.map((e) => e.id).sort();
        await eventually(
          () => {
            expect(ids(first).sort()).toEqual(expected);
            expect(ids(second).sort()).toEqual(expected);
          },
          { timeoutMs: waitMs },
        );
      },
      testMs,
    );

    it(
      'shares the partitions of a topic among the members of one group',
      async () => {
        const topic = topicFor('members');
        const group = groupFor('members');
        const one = await record({ topic, group });
        const two = await record({ topic, group });
        const all = Array.from({ length: 60 }, (_, seq) => event(`member-key-${seq}`, { seq }));
        await bus.publish(topic, all);
        await eventually(() => expect(one.length + two.length).toBe(all.length), { timeoutMs: waitMs });
        expect([...ids(one), ...ids(two)].sort()).toEqual(all.map((e) => e.id).sort());
        expect(one.length).toBeGreaterThan(0);
        expect(two.length).toBeGreaterThan(0);
        const partitionsOf = (seen: Array<Seen<Payload>>) => new Set(seen.map((s) => s.context.partition));
        const shared = [...partitionsOf(one)].filter((partition) => partitionsOf(two).has(partition));
        expect(shared).toEqual([]);
      },
      testMs,
    );

    it(
      'skips a redelivered event whose id the group already processed',
      async () => {
        const topic = topicFor('redelivery');
        const seen = await record({ topic, group: groupFor('redelivery') });
        const original = event('article-r', { seq: 1 });
        await bus.publish(topic, original);
        await eventually(() => expect(ids(seen)).toEqual([original.id]), { timeoutMs: waitMs });
        // The same id again (a producer retry, a replay), then a marker behind it on the same key.
        const marker = event('article-r', { seq: 2 });
        await bus.publish(topic, [original, marker]);
        await eventually(() => expect(ids(seen)).toEqual([original.id, marker.id]), { timeoutMs: waitMs });
      },
      testMs,
    );

    it(
      'retries a failing handler, then dead-letters the event with its error while its partition keeps flowing',
      async () => {
        const topic = topicFor('poison');
        const group = groupFor('poison');
        const before = event('article-p', { seq: 1 });
        const poison = event('article-p', { seq: 2, label: 'poison' });
        const after = event('article-p', { seq: 3 });
        const seen = await record<Payload>({
          topic,
          group,
          maxAttempts: 3,
          backoff: { initialMs: 10, maxMs: 40 },
          handler: (received) => {
            if (received.payload.label === 'poison') throw new Error('poison refused');
          },
        });
        const dead = await record({ topic: deadLetterTopic(topic), group: groupFor('dlt-reader') });
        await bus.publish(topic, [before, poison, after]);

        await eventually(() => expect(ids(dead)).toEqual([poison.id]), { timeoutMs: waitMs });
        await eventually(
          () => expect(ids(seen)).toEqual([before.id, poison.id, poison.id, poison.id, after.id]),
          { timeoutMs: waitMs },
        );
        const attempts = seen.filter((s) => s.event.id === poison.id).map((s) => s.context.attempt);
        expect(attempts).toEqual([1, 2, 3]);

        const poisonContext = seen[1].context;
        const [{ event: deadEvent, context: deadContext }] = dead;
        expect(deadEvent).toEqual(poison);
        expect(deadContext.topic).toBe(deadLetterTopic(topic));
        expect(deadContext.deadLetter).toMatchObject({
          error: { message: 'poison refused', stack: expect.stringContaining('poison refused') },
          attempts: 3,
          originalTopic: topic,
          originalPartition: poisonContext.partition,
          originalOffset: poisonContext.offset,
          group,
        });
        expect(Number.isNaN(Date.parse(deadContext.deadLetter!.failedAt))).toBe(false);
      },
      testMs,
    );

    it(
      'retries through a dependency outage longer than the retry budget without spending attempts, dead-lettering nothing',
      async () => {
        const topic = topicFor('outage');
        const group = groupFor('outage');
        const waiting = event('article-o', { seq: 1 });
        const next = event('article-o', { seq: 2 });
        let outageCalls = 0;
        const seen = await record<Payload>({
          topic,
          group,
          maxAttempts: 2,
          backoff: { initialMs: 5, maxMs: 20 },
          handler: (received) => {
            if (received.payload.seq !== 1 || outageCalls >= 6) return;
            outageCalls += 1;
            // As the MongoDB adapter reports it, directly or as the cause of a service's own error.
            const down = new StoreUnavailableError('MongoDB is unreachable (test)');
            throw outageCalls % 2 ? down : new Error('could not store the article', { cause: down });
          },
        });
        const dead = await record({ topic: deadLetterTopic(topic), group: groupFor('outage-dlt') });
        await bus.publish(topic, [waiting, next]);

        await eventually(() => expect(ids(seen)).toEqual([...Array(7).fill(waiting.id), next.id]), {
          timeoutMs: waitMs,
        });
        expect(seen.map((s) => s.context.attempt)).toEqual(Array(8).fill(1));
        expect(dead).toEqual([]);
      },
      testMs,
    );

    it(
      'dead-letters an event whose payload fails the subscription schema, without calling the handler',
      async () => {
        const topic = topicFor('schema');
        const seen = await record({
          topic,
          group: groupFor('schema'),
          payloadSchema: z.object({ seq: z.number() }),
        });
        const dead = await record({ topic: deadLetterTopic(topic), group: groupFor('schema-dlt') });
        const bad = createEnvelope({
          type: 'contract.tested',
          version: 1,
          source: 'bus-contract',
          key: 'k',
          payload: { seq: 'one' },
        });
        const good = event('k', { seq: 2 });
        await bus.publish(topic, [bad, good]);
        await eventually(() => expect(ids(seen)).toEqual([good.id]), { timeoutMs: waitMs });
        await eventually(() => expect(ids(dead)).toEqual([bad.id]), { timeoutMs: waitMs });
        expect(dead[0].context.deadLetter).toMatchObject({
          attempts: 0,
          error: { message: expect.stringContaining('invalid payload: seq') },
        });
      },
      testMs,
    );

    /** Subscribes a batch handler and records every batch it was handed (failed ones included). */
    async function recordBatches(
      options: Omit<SubscribeOptions<Payload>, 'handler' | 'batchHandler'> & {
        fail?: (batch: Array<EventEnvelope<Payload>>) => boolean;
      },
    ) {
      const batches: Array<{ events: Array<EventEnvelope<Payload>>; context: EventBatchContext }> = [];
      const handled: Array<EventEnvelope<Payload>> = [];
      const { fail, ...subscribe } = options;
      subscriptions.push(
        await bus.subscribe<Payload>({
          ...subscribe,
          batchHandler: async (events, context) => {
            batches.push({ events, context });
            if (fail?.(events)) throw new Error('batch refused');
            handled.push(...events);
          },
        }),
      );
      return { batches, handled };
    }

    it(
      'hands a batch handler consecutive events of one partition, in order, each once',
      async () => {
        const topic = topicFor('batch');
        const keys = ['batch-a', 'batch-b', 'batch-c', 'batch-d', 'batch-e'];
        const all = Array.from({ length: 60 }, (_, seq) => event(keys[seq % keys.length], { seq }));
        // Published before the subscription, so the events are waiting and come in batches.
        await bus.publish(topic, all);
        const { batches, handled } = await recordBatches({
          topic,
          group: groupFor('batch'),
          maxBatchSize: 7,
        });
        await eventually(() => expect(handled).toHaveLength(all.length), { timeoutMs: waitMs });
        expect(handled.map((e) => e.id).sort()).toEqual(all.map((e) => e.id).sort());
        for (const key of keys) {
          const delivered = handled.filter((e) => e.key === key).map((e) => e.payload.seq);
          expect([key, delivered]).toEqual([key, all.filter((e) => e.key === key).map((e) => e.payload.seq)]);
        }
        expect(Math.max(...batches.map((b) => b.events.length))).toBeGreaterThan(1);
        for (const { events, context } of batches) {
          expect(events.length).toBeLessThanOrEqual(7);
          expect(context).toMatchObject({ topic, attempt: 1 });
          expect(BigInt(context.firstOffset) <= BigInt(context.lastOffset)).toBe(true);
        }
        // The events of one batch share a partition: a key lives on one partition, so the keys of a
        // batch never appear in a batch of another partition.
        const partitionOfKey = new Map<string, number>();
        for (const { events, context } of batches)
          for (const e of events) {
            expect(partitionOfKey.get(e.key) ?? context.partition).toBe(context.partition);
            partitionOfKey.set(e.key, context.partition);
          }
      },
      testMs,
    );

    it(
      'leaves out of a batch the ids the group already processed',
      async () => {
        const topic = topicFor('batch-redelivery');
        const { handled } = await recordBatches({ topic, group: groupFor('batch-redelivery') });
        const original = event('batch-r', { seq: 1 });
        await bus.publish(topic, original);
        await eventually(() => expect(handled.map((e) => e.id)).toEqual([original.id]), {
          timeoutMs: waitMs,
        });
        const marker = event('batch-r', { seq: 2 });
        await bus.publish(topic, [original, marker, original]);
        await eventually(() => expect(handled.map((e) => e.id)).toEqual([original.id, marker.id]), {
          timeoutMs: waitMs,
        });
      },
      testMs,
    );

    it(
      'takes a failing batch apart: each event alone, the poison one retried and dead-lettered, the rest handled',
      async () => {
        const topic = topicFor('batch-poison');
        const all = Array.from({ length: 12 }, (_, seq) =>
          event('batch-p', { seq, ...(seq === 5 ? { label: 'poison' } : {}) }),
        );
        await bus.publish(topic, all);
        const dead = await record({ topic: deadLetterTopic(topic), group: groupFor('batch-poison-dlt') });
        const { batches, handled } = await recordBatches({
          topic,
          group: groupFor('batch-poison'),
          maxAttempts: 2,
          backoff: { initialMs: 5, maxMs: 20 },
          fail: (events) => events.some((e) => e.payload.label === 'poison'),
        });
        const poison = all[5];
        await eventually(() => expect(ids(dead)).toEqual([poison.id]), { timeoutMs: waitMs });
        await eventually(
          () =>
            expect(handled.map((e) => e.payload.seq)).toEqual(
              all.filter((e) => e !== poison).map((e) => e.payload.seq),
            ),
          { timeoutMs: waitMs },
        );
        // Alone, the poison event was tried maxAttempts times.
        expect(batches.filter((b) => b.events.length === 1 && b.events[0].id === poison.id)).toHaveLength(2);
        expect(dead[0].context.deadLetter).toMatchObject({ attempts: 2, originalTopic: topic });
      },
      testMs,
    );

    it(
      'refuses a subscription with both or neither of handler and batchHandler',
      async () => {
        const topic = topicFor('batch-both');
        await expect(
          bus.subscribe({
            topic,
            group: groupFor('batch-both'),
            handler: () => undefined,
            batchHandler: () => undefined,
          }),
        ).rejects.toThrow(/exactly one of handler and batchHandler/);
        await expect(bus.subscribe({ topic, group: groupFor('batch-neither') })).rejects.toThrow(
          /exactly one of handler and batchHandler/,
        );
      },
      testMs,
    );

    it(
      'refuses to publish an invalid envelope',
      async () => {
        const topic = topicFor('invalid');
        const invalid = { ...event('k', { seq: 1 }), id: '' };
        await expect(bus.publish(topic, invalid)).rejects.toThrow(/not a valid envelope: id/);
      },
      testMs,
    );

    it(
      'reports healthy while open',
      async () => {
        await expect(bus.check()).resolves.toEqual({ ok: true });
      },
      testMs,
    );

    it(
      'closes idempotently and refuses work afterwards',
      async () => {
        const own = await makeBus();
        const topic = topicFor('close');
        await own.subscribe({ topic, group: groupFor('close'), handler: () => undefined });
        await own.publish(topic, event('k', { seq: 1 }));
        await Promise.all([own.close(), own.close()]);
        await expect(own.close()).resolves.toBeUndefined();
        await expect(own.check()).resolves.toMatchObject({ ok: false });
        await expect(own.publish(topic, event('k', { seq: 2 }))).rejects.toThrow(/closed/);
      },
      testMs,
    );
  });
}
