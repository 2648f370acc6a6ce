import { EventEmitter } from 'node:events';
import { DEFAULT_KAFKA_TUNING } from '../kafkajs/kafka.subscription';
import { DEFAULT_BACKOFF } from '../core/consumer-settings';
import type { ProcessedIds } from '../core/processed-ids';
import type { PlatformaticKafkaLibrary } from './platformatic-kafka.library';
import { startPlatformaticSubscription } from './platformatic-kafka.subscription';

/**
 * Joining with a client whose consume() fails a given number of times first (what a busy broker does
 * to many members joining at once), against a stand-in for @platformatic/kafka: just enough of its
 * Consumer for the subscription to join, run and close.
 */
function fakeLibrary(failures: number, error: () => Error) {
  const kGetApi = Symbol('kGetApi');
  const kGetConnection = Symbol('kGetConnection');
  const seen = { attempts: 0, closed: 0 };
  class Stream extends EventEmitter {
    isPaused = () => false;
    pause = () => undefined;
    resume = () => undefined;
    close = async () => undefined;
  }
  class Consumer extends EventEmitter {
    memberId = null;
    coordinatorId = null;
    [kGetApi](_name: string, callback: (error: null, api: unknown) => void) {
      callback(null, () => undefined);
    }
    isActive = () => false;
    async consume() {
      seen.attempts += 1;
      if (seen.attempts <= failures) throw error();
      return new Stream();
    }
    async close() {
      seen.closed += 1;
    }
  }
  const library = { Consumer, kGetApi, kGetConnection } as unknown as PlatformaticKafkaLibrary;
  return { library, seen };
}

const noProcessedIds = {} as ProcessedIds;

function subscribe(library: PlatformaticKafkaLibrary, joinTimeoutMs: number) {
  return startPlatformaticSubscription({
    library,
    brokers: ['127.0.0.1:9092'],
    clientId: 'join-spec',
    settings: {
      topic: 'article.collected',
      group: 'join-spec',
      handler: async () => undefined,
      maxAttempts: 1,
      backoff: DEFAULT_BACKOFF,
      processedIds: noProcessedIds,
    },
    // The reconciliation wait after joining ends at the join timeout too (the stand-in never reconciles).
    tuning: { ...DEFAULT_KAFKA_TUNING, joinTimeoutMs },
    deadLetter: async () => undefined,
  });
}

const busyCoordinator = () =>
  Object.assign(new Error('The coordinator is not available.'), { apiId: 'COORDINATOR_NOT_AVAILABLE' });

describe('platformatic subscription: joining its group', () => {
  it('keeps trying a join the client gave up on, within the join timeout, and then consumes', async () => {
    const { library, seen } = fakeLibrary(2, busyCoordinator);
    const subscription = await subscribe(library, 3_500);
    expect(seen.attempts).toBe(3);
    await subscription.close();
  }, 15_000);

  it('fails with the join timeout when the group never takes it, and stops trying', async () => {
    // Time is moved by hand here, so 'stops trying' is checked over 10 s that take no time.
    jest.useFakeTimers();
    try {
      const { library, seen } = fakeLibrary(Number.POSITIVE_INFINITY, busyCoordinator);
      const joining = subscribe(library, 2_500);
      const failed = expect(joining).rejects.toThrow(
        "consumer group 'join-spec' did not join within 2500 ms",
      );
      await jest.advanceTimersByTimeAsync(2_500);
      await failed;
      const attempts = seen.attempts;
      expect(attempts).toBeGreaterThanOrEqual(2);
      await jest.advanceTimersByTimeAsync(10_000);
      expect(seen.attempts).toBe(attempts);
    } finally {
      jest.useRealTimers();
    }
  });

  it('fails at once, naming the broker version, when the broker does not serve the protocol', async () => {
    const unsupported = () => Object.assign(new Error('unsupported'), { code: 'PLT_KFK_UNSUPPORTED_API' });
    const { library, seen } = fakeLibrary(Number.POSITIVE_INFINITY, unsupported);
    await expect(subscribe(library, 30_000)).rejects.toThrow(/does not serve the consumer group protocol/);
    expect(seen.attempts).toBe(1);
  });
});
