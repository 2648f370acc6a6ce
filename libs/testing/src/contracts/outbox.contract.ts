import { randomUUID } from 'node:crypto';
import { TOPICS, type EventEnvelope } from '@pulse/contracts';
import { InProcessEventBus, type EventBus, type SubscribeOptions } from '@pulse/platform/bus';
import {
  excludeOutbox,
  OUTBOX_FIELD,
  OutboxRelay,
  OutboxWriter,
  withoutOutbox,
  type OutboxRelayOptions,
} from '@pulse/platform/outbox';
import {
  DuplicateKeyError,
  InvalidStoreOperationError,
  type Collection,
  type DocumentStore,
} from '@pulse/platform/store';
import { eventually } from '../eventually';

/**
 * The transactional outbox (libs/platform/src/outbox) over a real DocumentStore adapter and the
 * in-memory in-process bus: events stored in documents by OutboxWriter reach consumers through
 * OutboxRelay, at least once, in order per document, and never for a write that failed. Run once per
 * store adapter (embedded, MongoDB): the relay's queries and `$pull`s must behave the same on both.
 */

interface Article {
  _id: string;
  title: string;
  views: number;
}

/** The in-process bus behind a test double that records what it accepted and fails on request. */
class ScriptedBus implements EventBus {
  readonly adapterName = 'scripted';
  /** Every envelope the bus accepted, in publish order, duplicates included. */
  readonly accepted: EventEnvelope[] = [];
  attempts = 0;
  /** While set, every publish fails with it before reaching the bus (a broker outage). */
  refuseWith?: Error;
  /** Runs after the bus accepted a publish; throwing here is a crash between publish and $pull. */
  afterAccept?: () => void;

  constructor(private readonly inner: EventBus) {}

  async publish(topic: string, events: EventEnvelope | readonly EventEnvelope[]): Promise<void> {
    this.attempts += 1;
    if (this.refuseWith) throw this.refuseWith;
    await this.inner.publish(topic, events);
    this.accepted.push(...(Array.isArray(events) ? events : [events as EventEnvelope]));
    this.afterAccept?.();
  }

  subscribe<P>(options: SubscribeOptions<P>) {
    return this.inner.subscribe(options);
  }

  check() {
    return this.inner.check();
  }

  close() {
    return this.inner.close();
  }
}

const WAIT = { timeoutMs: 10_000 };
const TEST_MS = 30_000;
const RELAY_TUNING: Omit<OutboxRelayOptions, 'store' | 'bus'> = {
  intervalMs: 50,
  backoff: { initialMs: 10, maxMs: 40 },
};

const question = (questionId: string) => ({
  questionId,
  authorId: 'u-1',
  title: '에이전트 평가는 어떻게 하나요?',
  category: 'gen-ai' as const,
  tags: ['agents'],
  createdAt: '2026-01-01T09:00:00.000Z',
});
const engaged = (articleId: string, seq: number) => ({
  articleId,
  kind: 'view' as const,
  sessionKey: `session-${String(seq).padStart(8, '0')}`,
  occurredAt: '2026-01-01T09:00:00.000Z',
});
const ids = (events: readonly EventEnvelope[]) => events.map((event) => event.id);

export function describeOutboxContract(adapterName: string, makeStore: () => Promise<DocumentStore>): void {
  describe(`transactional outbox over ${adapterName}`, () => {
    const run = randomUUID().slice(0, 8);
    let counter = 0;
    let store: DocumentStore;
    let cleanups: Array<() => Promise<unknown>> = [];

    beforeAll(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
      cleanups = [];
    });
    afterAll(async () => {
      await store?.close();
    });

    /** What relays logged, so a wait that times out says why the relay did not get there. */
    let relayErrors: string[] = [];
    const logger = {
      error: (fields: { err?: unknown }) => void relayErrors.push(String((fields.err as Error)?.message)),
      info: () => undefined,
    };
    const waitFor = <T>(fn: () => T | Promise<T>): Promise<T> =>
      eventually(fn, WAIT).catch((error: Error) => {
        if (relayErrors.length > 0) error.message += `\nrelay errors: ${relayErrors.slice(-3).join(' | ')}`;
        throw error;
      });
    beforeEach(() => {
      relayErrors = [];
    });

    /** A bus, a relay (not started) and a writer over a collection of the test's own. */
    function setUp(label: string) {
      const bus = new ScriptedBus(new InProcessEventBus({ backoff: { initialMs: 5, maxMs: 20 } }));
      const relay = new OutboxRelay({ store, bus, logger, ...RELAY_TUNING });
      const outbox = new OutboxWriter('outbox-contract', relay);
      const name = `outbox_${label}_${run}_${++counter}`;
      outbox.register(name);
      cleanups.push(
        () => bus.close(),
        () => relay.close(),
      );
      return { bus, relay, outbox, name, articles: store.collection<Article>(name) };
    }

    /** A consumer group that applies each envelope id once, however often it is delivered. */
    async function consume(bus: EventBus, topics: string[]) {
      const delivered: EventEnvelope[] = [];
      const applied = new Map<string, EventEnvelope>();
      for (const topic of topics) {
        await bus.subscribe({
          topic,
          group: 'outbox-consumer',
          handler: (event) => {
            delivered.push(event);
            if (!applied.has(event.id)) applied.set(event.id, event);
          },
        });
      }
      return { delivered, applied };
    }

    const pending = async (articles: Collection<Article>, id: string): Promise<EventEnvelope[]> => {
      const raw = await articles.findOne<Article & { [OUTBOX_FIELD]?: EventEnvelope[] }>({ _id: id });
      if (!raw) throw new Error(`document ${id} is missing`);
      return raw[OUTBOX_FIELD] ?? [];
    };

    it(
      'publishes the events of an insert once, then empties the document’s outbox',
      async () => {
        const { bus, relay, outbox, articles } = setUp('insert');
        const consumer = await consume(bus, [TOPICS.questionCreated, TOPICS.articleEngaged]);
        relay.start();
        const events = [
          outbox.event(TOPICS.questionCreated, question('q-1')),
          outbox.event(TOPICS.articleEngaged, engaged('q-1', 1)),
        ];
        await outbox.insertOne(articles, { _id: 'q-1', title: '질문', views: 0 }, events);

        await waitFor(async () => {
          expect(await pending(articles, 'q-1')).toEqual([]);
          expect(consumer.delivered).toHaveLength(2);
        });
        // Pulled after publishing, so no later pass can find them again: each went to the bus once.
        expect(ids(bus.accepted)).toEqual(ids(events));
        expect([...consumer.applied.values()].sort((a, b) => a.type.localeCompare(b.type))).toEqual(
          [...events].sort((a, b) => a.type.localeCompare(b.type)),
        );
        expect(events[0]).toMatchObject({ type: 'question.created', key: 'q-1', source: 'outbox-contract' });
        expect(withoutOutbox(await articles.findOne({ _id: 'q-1' }))).toEqual({
          _id: 'q-1',
          title: '질문',
          views: 0,
        });
      },
      TEST_MS,
    );

    it(
      'publishes the events of state-changing updates in the order they were added, per document',
      async () => {
        const { bus, relay, outbox, articles } = setUp('order');
        const consumer = await consume(bus, [TOPICS.articleEngaged]);
        relay.start();
        const added: Record<string, EventEnvelope[]> = { 'a-1': [], 'a-2': [] };
        let seq = 0;
        const updates = 12;

        // Two documents written concurrently while the relay runs; every update changes state and adds
        // one event, some add two, and one mixes topics (the relay must keep order across them too).
        const writeAll = async (id: string) => {
          const first = outbox.event(TOPICS.articleEngaged, engaged(id, ++seq));
          await outbox.insertOne(articles, { _id: id, title: id, views: 0 }, [first]);
          added[id].push(first);
          for (let n = 1; n <= updates; n++) {
            const events: EventEnvelope[] = [outbox.event(TOPICS.articleEngaged, engaged(id, ++seq))];
            if (n % 4 === 0) events.push(outbox.event(TOPICS.articleEngaged, engaged(id, ++seq)));
            if (n === 5) events.unshift(outbox.event(TOPICS.questionCreated, question(id)));
            await outbox.updateOne(articles, { _id: id }, { $inc: { views: 1 } }, events);
            added[id].push(...events);
          }
        };
        await Promise.all([writeAll('a-1'), writeAll('a-2')]);

        const engagedOf = (id: string, events: readonly EventEnvelope[]) =>
          ids(events.filter((event) => event.key === id && event.type === TOPICS.articleEngaged));
        await waitFor(() => {
          for (const id of ['a-1', 'a-2']) {
            expect(engagedOf(id, consumer.delivered)).toEqual(engagedOf(id, added[id]));
          }
        });
        for (const id of ['a-1', 'a-2']) {
          expect(ids(bus.accepted.filter((event) => event.key === id))).toEqual(ids(added[id]));
          await expect(articles.findOne({ _id: id })).resolves.toMatchObject({ views: updates });
        }
      },
      TEST_MS,
    );

    it(
      'stores and publishes nothing for a write that failed',
      async () => {
        const { bus, relay, outbox, articles } = setUp('failed');
        const consumer = await consume(bus, [TOPICS.questionCreated, TOPICS.articleEngaged]);
        relay.start();
        const created = outbox.event(TOPICS.questionCreated, question('d-1'));
        await outbox.insertOne(articles, { _id: 'd-1', title: '원본', views: 0 }, [created]);

        const duplicate = outbox.event(TOPICS.questionCreated, question('d-1'));
        await expect(
          outbox.insertOne(articles, { _id: 'd-1', title: '중복', views: 0 }, [duplicate]),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        const unmatched = outbox.event(TOPICS.articleEngaged, engaged('d-1', 1));
        await expect(
          outbox.updateOne(articles, { _id: 'd-1', views: 99 }, { $inc: { views: 1 } }, [unmatched]),
        ).resolves.toMatchObject({ matched: 0, modified: 0 });
        // A payload that breaks its contract throws before anything is written.
        expect(() =>
          outbox.event(TOPICS.articleEngaged, { ...engaged('d-1', 2), kind: 'teleport' } as never),
        ).toThrow(/kind/);

        // Same key, so the consumer receives the marker after anything published before it.
        const marker = outbox.event(TOPICS.articleEngaged, engaged('d-1', 3));
        await outbox.updateOne(articles, { _id: 'd-1' }, { $set: { title: '수정' } }, [marker]);
        await waitFor(() => expect(ids(consumer.delivered)).toContain(marker.id));
        await waitFor(async () => expect(await pending(articles, 'd-1')).toEqual([]));

        expect(ids(bus.accepted)).toEqual([created.id, marker.id]);
        expect(ids(consumer.delivered).sort()).toEqual([created.id, marker.id].sort());
        await expect(articles.findOne({ _id: 'd-1' })).resolves.toMatchObject({ title: '수정', views: 0 });
      },
      TEST_MS,
    );

    it(
      'retries while the bus refuses publishes, reports it on readiness, and publishes once it recovers',
      async () => {
        const { bus, relay, outbox, articles } = setUp('outage');
        const consumer = await consume(bus, [TOPICS.articleEngaged]);
        bus.refuseWith = new Error('broker unavailable');
        relay.start();
        const events = [
          outbox.event(TOPICS.articleEngaged, engaged('r-1', 1)),
          outbox.event(TOPICS.articleEngaged, engaged('r-1', 2)),
        ];
        await outbox.insertOne(articles, { _id: 'r-1', title: 'r', views: 0 }, events);

        await waitFor(async () => {
          expect(bus.attempts).toBeGreaterThanOrEqual(3);
          await expect(relay.check()).resolves.toEqual({
            ok: false,
            reason: '2 events pending, last publish failed: broker unavailable',
          });
        });
        expect(bus.accepted).toEqual([]);
        expect(ids(await pending(articles, 'r-1'))).toEqual(ids(events));

        bus.refuseWith = undefined;
        await waitFor(async () => {
          expect(ids(consumer.delivered)).toEqual(ids(events));
          await expect(relay.check()).resolves.toEqual({ ok: true });
        });
        expect(ids(bus.accepted)).toEqual(ids(events));
      },
      TEST_MS,
    );

    it(
      'stays ready while the bus fails if nothing is pending',
      async () => {
        const { bus, relay, outbox, articles } = setUp('nothing_pending');
        bus.refuseWith = new Error('broker unavailable');
        relay.start();
        const event = outbox.event(TOPICS.articleEngaged, engaged('p-1', 1));
        await outbox.insertOne(articles, { _id: 'p-1', title: 'p', views: 0 }, [event]);
        await waitFor(async () =>
          expect(relay.check()).resolves.toMatchObject({ ok: false, reason: /^1 event pending/ }),
        );
        await articles.deleteOne({ _id: 'p-1' });
        await expect(relay.check()).resolves.toEqual({ ok: true });
      },
      TEST_MS,
    );

    it(
      'publishes again after a crash between publish and $pull, and a deduplicating consumer applies it once',
      async () => {
        const { bus, relay, outbox, name, articles } = setUp('crash');
        const consumer = await consume(bus, [TOPICS.articleEngaged]);
        // The process dies right after the bus accepted the event: the relay stops before its $pull.
        bus.afterAccept = () => {
          bus.afterAccept = undefined;
          void relay.close();
          throw new Error('killed between publish and $pull');
        };
        relay.start();
        const event = outbox.event(TOPICS.articleEngaged, engaged('c-1', 1));
        await outbox.insertOne(articles, { _id: 'c-1', title: 'c', views: 0 }, [event]);
        await waitFor(() => expect(ids(bus.accepted)).toEqual([event.id]));
        await relay.close();
        expect(ids(await pending(articles, 'c-1'))).toEqual([event.id]);

        // The next process's relay finds the event still in its document and publishes it again.
        const next = new OutboxRelay({ store, bus, logger, ...RELAY_TUNING });
        cleanups.push(() => next.close());
        next.register(name);
        next.start();
        await waitFor(async () => {
          expect(await pending(articles, 'c-1')).toEqual([]);
          expect(ids(bus.accepted)).toEqual([event.id, event.id]);
        });

        // A later event on the same key is consumed after the redelivered one, whatever became of it.
        const later = outbox.event(TOPICS.articleEngaged, engaged('c-1', 2));
        await new OutboxWriter('outbox-contract', next).updateOne(
          articles,
          { _id: 'c-1' },
          { $inc: { views: 1 } },
          [later],
        );
        await waitFor(() => expect(consumer.applied.has(later.id)).toBe(true));
        expect([...consumer.applied.keys()]).toEqual([event.id, later.id]);
        expect(consumer.applied.get(event.id)).toEqual(event);
      },
      TEST_MS,
    );

    it(
      'stops cleanly on close: later writes stay in their documents for the next relay',
      async () => {
        const { bus, relay, outbox, articles } = setUp('close');
        relay.start();
        const first = outbox.event(TOPICS.articleEngaged, engaged('x-1', 1));
        await outbox.insertOne(articles, { _id: 'x-1', title: 'x', views: 0 }, [first]);
        await waitFor(async () => expect(await pending(articles, 'x-1')).toEqual([]));
        await relay.close();

        const second = outbox.event(TOPICS.articleEngaged, engaged('x-1', 2));
        await outbox.updateOne(articles, { _id: 'x-1' }, { $inc: { views: 1 } }, [second]);
        // close() waited for the loop to end, so nothing can publish or pull this any more.
        expect(ids(await pending(articles, 'x-1'))).toEqual([second.id]);
        expect(ids(bus.accepted)).toEqual([first.id]);
        await expect(relay.close()).resolves.toBeUndefined();
      },
      TEST_MS,
    );

    it('never lets pending events out through the helpers that strip or project them away', async () => {
      // The relay is not started: the events stay in the document.
      const { outbox, articles } = setUp('strip');
      const doc = { _id: 's-1', title: '비공개', views: 0 };
      await outbox.insertOne(articles, doc, [outbox.event(TOPICS.articleEngaged, engaged('s-1', 1))]);
      expect(await pending(articles, 's-1')).toHaveLength(1);

      expect(withoutOutbox(await articles.findOne({ _id: 's-1' }))).toEqual(doc);
      expect(withoutOutbox(null)).toBeNull();
      await expect(articles.find({}, { projection: excludeOutbox() })).resolves.toEqual([doc]);
      await expect(articles.find({}, { projection: excludeOutbox({ views: 0 }) })).resolves.toEqual([
        { _id: 's-1', title: '비공개' },
      ]);
      await expect(articles.find({}, { projection: excludeOutbox({ title: 1 }) })).resolves.toEqual([
        { _id: 's-1', title: '비공개' },
      ]);
      expect(() => excludeOutbox({ [OUTBOX_FIELD]: 1 })).toThrow(/must not include/);

      const updated = await outbox.findOneAndUpdate(
        articles,
        { _id: 's-1' },
        { $inc: { views: 1 } },
        [outbox.event(TOPICS.articleEngaged, engaged('s-1', 2))],
        { returnDocument: 'after' },
      );
      expect(updated).toEqual({ ...doc, views: 1 });
      expect(JSON.stringify(updated)).not.toContain(OUTBOX_FIELD);
      expect(await pending(articles, 's-1')).toHaveLength(2);
    });

    it('refuses writes the relay would never see and writes that touch the outbox field', async () => {
      const { outbox, articles } = setUp('refused');
      const event = outbox.event(TOPICS.articleEngaged, engaged('z-1', 1));
      const unregistered = store.collection<Article>(`outbox_unregistered_${run}_${++counter}`);
      await expect(
        outbox.insertOne(unregistered, { _id: 'z-1', title: 'z', views: 0 }, [event]),
      ).rejects.toThrow(/is not registered/);
      await expect(unregistered.countDocuments()).resolves.toBe(0);

      await expect(
        outbox.insertOne(articles, { _id: 'z-1', title: 'z', views: 0, [OUTBOX_FIELD]: [] } as Article, []),
      ).rejects.toBeInstanceOf(InvalidStoreOperationError);
      await expect(
        outbox.updateOne(articles, { _id: 'z-1' }, { $set: { [OUTBOX_FIELD]: [] } }, [event]),
      ).rejects.toBeInstanceOf(InvalidStoreOperationError);
      await expect(
        outbox.insertOne(articles, { _id: 'z-1', title: 'z', views: 0 }, [event, event]),
      ).rejects.toThrow(/share an id/);
      await expect(articles.countDocuments()).resolves.toBe(0);
    });
  });
}
