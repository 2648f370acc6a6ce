import type { Consumer, IHeaders, Kafka, KafkaMessage } from 'kafkajs';
import type { BusLogger, DeadLetterInfo, Subscription } from '../bus.port';
import { errorOf } from '../core/dead-letter';
import { deliverBatch } from '../core/batch-delivery';
import { deliver, type ConsumerSettings, type IncomingRecord } from '../core/event-delivery';
import { loadKafkaJs } from './kafkajs.library';

/** Consumer-group timing; see the comment on startKafkaSubscription for how these fit together. */
export interface KafkaConsumerTuning {
  /** The broker evicts a member it has not heard from for this long. Default 30 s. */
  sessionTimeoutMs: number;
  /** How often a member heartbeats, also while a handler runs. Default 3 s (at most a third of the session). */
  heartbeatIntervalMs: number;
  /** How long a rebalance waits for members to rejoin; must exceed the longest handler run, retries included. Default 2 min. */
  rebalanceTimeoutMs: number;
  /**
   * Handled offsets are committed after this many events, after this long, and after every fetched
   * batch, whichever comes first. A crash redelivers at most that tail, which the processed-id record
   * skips. Defaults 100 events, 1 s.
   */
  commitEveryEvents: number;
  commitIntervalMs: number;
  /** How long subscribe() waits to join its group. Default 60 s. */
  joinTimeoutMs: number;
}

export const DEFAULT_KAFKA_TUNING: KafkaConsumerTuning = {
  sessionTimeoutMs: 30_000,
  heartbeatIntervalMs: 3_000,
  rebalanceTimeoutMs: 120_000,
  commitEveryEvents: 100,
  commitIntervalMs: 1_000,
  joinTimeoutMs: 60_000,
};

export interface KafkaSubscriptionDeps {
  kafka: Kafka;
  settings: ConsumerSettings;
  partitions: number;
  tuning: KafkaConsumerTuning;
  deadLetter(message: KafkaMessage, info: DeadLetterInfo): Promise<void>;
  logger?: BusLogger;
}

/**
 * Thrown from eachMessage so kafkajs leaves the offset unresolved and the record comes again. A kafkajs
 * error type, because kafkajs logs any other error from eachMessage as a failure, and closing is not one.
 */
function deliveryAborted(): Error {
  return new (loadKafkaJs().KafkaJSError)('delivery aborted: subscription closing');
}

export function headersOf(headers: IHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out[name] = first.toString();
  }
  return out;
}

function toRecord(topic: string, partition: number, message: KafkaMessage): IncomingRecord {
  const base = { topic, partition, offset: message.offset, headers: headersOf(message.headers) };
  try {
    return { ...base, value: JSON.parse(message.value?.toString('utf8') ?? '') };
  } catch {
    return { ...base, value: undefined, valueError: 'record value is not JSON' };
  }
}

/**
 * One member of a consumer group: its own kafkajs consumer.
 *
 * Offsets: kafkajs resolves a message's offset only when eachMessage returns, and we return only after
 * the handler succeeded, the id was found already processed, or the event was written to the DLT. So a
 * committed offset never passes an unhandled event; a crash replays at most the uncommitted tail, which
 * the processed-id record absorbs.
 *
 * Slow handlers and rebalance storms: kafkajs heartbeats only between messages. A handler that runs past
 * sessionTimeout (an LLM call) would get its member evicted; the partition moves to another member, which
 * handles the event again; the first member then fails to commit, rejoins, and forces another rebalance,
 * and with several slow events in flight the group never settles. Hence:
 *  - a timer calls kafkajs heartbeat() every heartbeatInterval while a handler (or its backoff) runs, so
 *    sessionTimeout only has to detect dead processes and can stay short;
 *  - a member rejoins a rebalance only after its current message returns, so rebalanceTimeout must be
 *    longer than the slowest handler with its retries; otherwise a busy member is dropped from the new
 *    generation, which is the same storm by another route. The group waits for it instead: a pause on
 *    rare rebalances costs less than translating an article twice;
 *  - partitions are consumed concurrently, so one slow event holds back only its own partition.
 *
 * A batch subscription runs eachBatch instead: kafkajs's fetched batch of a partition, in slices of
 * maxBatchSize, each resolved only after deliverBatch is done with it (same rules, same heartbeats).
 */
export async function startKafkaSubscription(deps: KafkaSubscriptionDeps): Promise<Subscription> {
  const { kafka, settings, tuning, logger } = deps;
  const consumer: Consumer = kafka.consumer({
    groupId: settings.group,
    sessionTimeout: tuning.sessionTimeoutMs,
    heartbeatInterval: tuning.heartbeatIntervalMs,
    rebalanceTimeout: tuning.rebalanceTimeoutMs,
    allowAutoTopicCreation: false,
    maxWaitTimeInMs: 1_000,
  });
  const controller = new AbortController();
  const joined = new Promise<void>((resolve, reject) => {
    consumer.on(consumer.events.GROUP_JOIN, () => resolve());
    consumer.on(consumer.events.CRASH, (event) => {
      if (!event.payload.restart) reject(event.payload.error);
    });
  });
  joined.catch(() => undefined);

  const closeConsumer = async () => {
    controller.abort();
    // kafkajs's disconnect waits for a join in progress, which a rebalance can hold for rebalanceTimeout
    // (minutes): past the process's shutdown deadline. Leaving earlier is safe: the broker evicts the
    // member after sessionTimeout, and the uncommitted tail is redelivered and skipped by processed ids.
    await withTimeout(
      consumer.disconnect(),
      DISCONNECT_TIMEOUT_MS,
      `consumer of group '${settings.group}' did not leave within ${DISCONNECT_TIMEOUT_MS} ms`,
    ).catch((error: unknown) =>
      logger?.warn({ err: errorOf(error), group: settings.group }, 'bus: consumer disconnect failed'),
    );
  };

  try {
    await consumer.connect();
    await subscribeOnceKnown(consumer, settings.topic);
    // A failed heartbeat (a rebalance has started) is kafkajs's to act on once the handler returns; it
    // must not fail the handler that happened to call it.
    const safeHeartbeatOf = (heartbeat: () => Promise<void>) => () =>
      heartbeat().catch((error: unknown) =>
        logger?.debug({ err: errorOf(error), group: settings.group }, 'bus: heartbeat during handler failed'),
      );
    /** Runs `work` with the heartbeat timer going (safeHeartbeat handles its own rejection). */
    const beating = async <T>(heartbeat: () => Promise<void>, work: () => Promise<T>): Promise<T> => {
      const beat = setInterval(() => void heartbeat(), tuning.heartbeatIntervalMs);
      try {
        return await work();
      } finally {
        clearInterval(beat);
      }
    };
    const batch = settings.batch;
    await consumer.run({
      autoCommit: true,
      autoCommitInterval: tuning.commitIntervalMs,
      autoCommitThreshold: tuning.commitEveryEvents,
      partitionsConsumedConcurrently: deps.partitions,
      ...(batch
        ? {
            // The fetched batch of a partition is handed over in slices of maxSize; an offset is resolved
            // only once its slice is done, so a crash or a rebalance replays from the slice in hand.
            eachBatchAutoResolve: false,
            eachBatch: async ({
              batch: fetched,
              resolveOffset,
              heartbeat,
              commitOffsetsIfNecessary,
              isRunning,
              isStale,
            }) => {
              const safeHeartbeat = safeHeartbeatOf(heartbeat);
              for (let start = 0; start < fetched.messages.length; start += batch.maxSize) {
                if (!isRunning() || isStale()) return;
                const slice = fetched.messages.slice(start, start + batch.maxSize);
                const outcome = await beating(safeHeartbeat, () =>
                  deliverBatch(
                    slice.map((message) => toRecord(fetched.topic, fetched.partition, message)),
                    settings,
                    {
                      signal: controller.signal,
                      heartbeat: safeHeartbeat,
                      deadLetter: (index, info) => deps.deadLetter(slice[index], info),
                    },
                  ),
                );
                if (outcome === 'aborted') throw deliveryAborted();
                resolveOffset(slice[slice.length - 1].offset);
                await commitOffsetsIfNecessary();
                await safeHeartbeat();
              }
            },
          }
        : {
            eachMessage: async ({ topic, partition, message, heartbeat }) => {
              const safeHeartbeat = safeHeartbeatOf(heartbeat);
              const outcome = await beating(safeHeartbeat, () =>
                deliver(toRecord(topic, partition, message), settings, {
                  signal: controller.signal,
                  heartbeat: safeHeartbeat,
                  deadLetter: (info) => deps.deadLetter(message, info),
                }),
              );
              if (outcome === 'aborted') throw deliveryAborted();
            },
          }),
    });
    await withTimeout(
      joined,
      tuning.joinTimeoutMs,
      `consumer group '${settings.group}' did not join within ${tuning.joinTimeoutMs} ms`,
    );
  } catch (error) {
    await closeConsumer();
    throw error;
  }
  logger?.debug({ topic: settings.topic, group: settings.group }, 'bus: subscribed');

  let closing: Promise<void> | undefined;
  return { close: () => (closing ??= closeConsumer()) };
}

/** Below the 25 s shutdown deadline, with room for the producer, the store and the telemetry after it. */
const DISCONNECT_TIMEOUT_MS = 10_000;
/** How long a topic just created may stay unknown to the broker the consumer asks. */
const METADATA_SETTLE_MS = 30_000;

/**
 * consumer.subscribe asks one broker for the topic's metadata and does not retry. On a multi-broker
 * cluster, a topic created a moment ago (ensureTopic waited for it on another broker) can still be unknown
 * to that one: UNKNOWN_TOPIC_OR_PARTITION or LEADER_NOT_AVAILABLE only mean "not yet".
 */
export async function subscribeOnceKnown(consumer: Consumer, topic: string): Promise<void> {
  const deadline = Date.now() + METADATA_SETTLE_MS;
  for (;;) {
    try {
      return await consumer.subscribe({ topic, fromBeginning: true });
    } catch (error) {
      const type = (error as { type?: string }).type;
      const notYet = type === 'UNKNOWN_TOPIC_OR_PARTITION' || type === 'LEADER_NOT_AVAILABLE';
      if (!notYet || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
