import type { EventEnvelope } from '@pulse/contracts';
import type { ZodType } from 'zod';
import type { Adapter } from '../lifecycle';
import type { ProcessedIds } from './core/processed-ids';

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

/**
 * Takes consecutive events of one partition at once, in partition order (so a key's events stay in
 * order), for a consumer whose effects are cheaper in bulk. Envelope ids the group already processed are
 * left out before the call and the whole batch is marked processed after it returns. Its effects must be
 * idempotent per envelope: when the batch fails, or the process dies while applying it, its events come
 * again, alone or in another batch (see handler-level markers in README.md here).
 */
export type EventBatchHandler<P = unknown> = (
  events: Array<EventEnvelope<P>>,
  context: EventBatchContext,
) => Promise<void> | void;

/** A batch's delivery: where its records came from and the subscription's signal and heartbeat. */
export type EventBatchContext = Omit<EventContext, 'offset' | 'deadLetter'> & {
  /** Offsets of the batch's first and last record (decimal strings). */
  firstOffset: string;
  lastOffset: string;
};

export interface SubscribeOptions<P = unknown> {
  topic: string;
  /** Consumer group: each group gets every event once; members of one group share the partitions. */
  group: string;
  /** One event at a time. Exactly one of handler and batchHandler. */
  handler?: EventHandler<P>;
  /**
   * Up to maxBatchSize events of one partition at a time, as the adapter has them fetched (it does not
   * wait to fill a batch). A batch whose handler fails with anything but a dependency outage is taken
   * apart: its events are delivered one at a time (each as a batch of one) with the usual retries and
   * dead-lettering, so one poison event never holds back the others.
   */
  batchHandler?: EventBatchHandler<P>;
  /** Largest batch handed to batchHandler. Default 500. */
  maxBatchSize?: number;
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
