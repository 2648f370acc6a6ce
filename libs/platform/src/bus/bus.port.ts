import type { EventEnvelope } from '@pulse/contracts';
import type { ZodType } from 'zod';
import type { Adapter } from '../lifecycle';
import type { ProcessedIds } from './processed-ids';

/** The slice of pino the bus logs through; adapters are quiet when none is given. */
export interface BusLogger {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

/** Exponential backoff between attempts: initialMs, initialMs × factor, … capped at maxMs. */
export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  /** Defaults to 2. */
  factor?: number;
}

/** Why and where an event failed, read back from a dead-letter topic's record. */
export interface DeadLetterInfo {
  error: { message: string; stack?: string };
  /** Handler attempts made; 0 when the record could not even be decoded or validated. */
  attempts: number;
  originalTopic: string;
  originalPartition: number;
  originalOffset: string;
  /** The consumer group whose handler gave up (groups fail independently). */
  group: string;
  failedAt: string;
}

export interface EventContext {
  topic: string;
  partition: number;
  /** Position in the partition, as a decimal string (Kafka offsets exceed 2^53). */
  offset: string;
  group: string;
  /** 1 on first delivery of this record to this consumer, then 2, 3 … up to maxAttempts. */
  attempt: number;
  headers: Readonly<Record<string, string>>;
  /** Set when the event was read from a `<topic>.dlt` topic. */
  deadLetter?: DeadLetterInfo;
  /** Aborted when the subscription closes: long handlers should stop and throw. */
  signal: AbortSignal;
  /**
   * Tells the broker this member is alive. The Kafka adapter already calls it on a timer while a
   * handler runs; a handler may call it too. A no-op in process.
   */
  heartbeat(): Promise<void>;
}

export type EventHandler<P = unknown> = (
  event: EventEnvelope<P>,
  context: EventContext,
) => Promise<void> | void;

export interface SubscribeOptions<P = unknown> {
  topic: string;
  /** Consumer group: each group gets every event once; members of one group share the partitions. */
  group: string;
  handler: EventHandler<P>;
  /** Validates the payload; an invalid payload goes straight to the DLT (retrying cannot fix it). */
  payloadSchema?: ZodType<P>;
  /** Attempts before the event goes to `<topic>.dlt`. Defaults to the bus's (BUS_MAX_ATTEMPTS). */
  maxAttempts?: number;
  backoff?: BackoffOptions;
  /**
   * Overrides the bus's processed-id record for this subscription. A handler whose effect must not be
   * repeated even after a crash between its write and the bus's mark passes a record kept in the same
   * store and written in the same transaction as its effect (the inbox pattern).
   */
  processedIds?: ProcessedIds;
}

export interface Subscription {
  /** Stops fetching, aborts the context signal and waits for the handler in flight. Idempotent. */
  close(): Promise<void>;
}

/**
 * The event bus port (docs/design.md §4). At-least-once: an event is acknowledged (offset committed) only after
 * its handler succeeded or it went to `<topic>.dlt`, so a crash redelivers rather than loses. Consumers
 * are idempotent by envelope id: each group keeps a processed-id record and skips an id it has already
 * handled. Events with the same key keep their order; a failing event is retried with backoff and then
 * dead-lettered, so it never blocks the events behind it.
 */
export interface EventBus extends Adapter {
  /** Resolves once the events are durably accepted (written to the log / acknowledged by all in-sync replicas). */
  publish(topic: string, events: EventEnvelope | readonly EventEnvelope[]): Promise<void>;
  /**
   * Resolves once the member consumes (joined its group). A group new to a topic starts at its earliest
   * event, so nothing published before the first subscription is missed.
   */
  subscribe<P = unknown>(options: SubscribeOptions<P>): Promise<Subscription>;
}
