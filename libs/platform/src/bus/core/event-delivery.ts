import { eventEnvelopeSchema, type EventEnvelope } from '@pulse/contracts';
import type { ZodType } from 'zod';
import { backoffDelay, waitOrAbort } from './backoff';
import type {
  BackoffOptions,
  BusLogger,
  DeadLetterInfo,
  EventBatchHandler,
  EventContext,
  EventHandler,
} from '../bus.port';
import { errorOf, readDeadLetter } from './dead-letter';
import type { ProcessedIds } from './processed-ids';
import { withConsumerSpan } from '../../observability/telemetry';
import { isDependencyOutage, waitOutOutage } from './dependency-outage';

/** A subscription with the bus's defaults filled in. */
export interface ConsumerSettings {
  topic: string;
  group: string;
  /** For a batch subscription, its batch handler taking one event as a batch of one. */
  handler: EventHandler<unknown>;
  /** Set for a batch subscription (see batch-delivery.ts). */
  batch?: { handler: EventBatchHandler<unknown>; maxSize: number };
  payloadSchema?: ZodType<unknown>;
  maxAttempts: number;
  backoff: BackoffOptions;
  processedIds: ProcessedIds;
  logger?: BusLogger;
}

/** One record as read from a partition: its value parsed as JSON but not yet validated. */
export interface IncomingRecord {
  topic: string;
  partition: number;
  offset: string;
  headers: Record<string, string>;
  value: unknown;
  /** Set instead of value when the bytes were not JSON. */
  valueError?: string;
}

/** What the adapter provides around one delivery. */
export interface DeliveryIo {
  signal: AbortSignal;
  heartbeat(): Promise<void>;
  /** Writes the original record, with the dead-letter headers added, to `<topic>.dlt`. */
  deadLetter(info: DeadLetterInfo): Promise<void>;
}

/**
 * What became of a record. Every outcome but 'aborted' lets the consumer move past it (commit); an
 * aborted delivery (the subscription is closing) leaves it to be delivered again.
 */
export type DeliveryOutcome = 'handled' | 'duplicate' | 'dead-lettered' | 'aborted';

export class UndeliverableError extends Error {}

export function decode(record: IncomingRecord, payloadSchema?: ZodType<unknown>): EventEnvelope {
  if (record.valueError) throw new UndeliverableError(record.valueError);
  const parsed = eventEnvelopeSchema.safeParse(record.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UndeliverableError(`invalid envelope: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  if (payloadSchema) {
    const payload = payloadSchema.safeParse(parsed.data.payload);
    if (!payload.success) {
      const issue = payload.error.issues[0];
      throw new UndeliverableError(`invalid payload: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
    return { ...parsed.data, payload: payload.data };
  }
  return parsed.data;
}

/**
 * The delivery rules shared by every adapter (docs/design.md §4): skip an id the group already handled; run the
 * handler up to maxAttempts times with exponential backoff; mark the id processed only after success;
 * after the last failure write the record to `<topic>.dlt` with the error, so the partition moves on.
 * A record that cannot be decoded is dead-lettered at once: retrying cannot fix it.
 *
 * A failure because a dependency is down (the store unreachable) is not the event's fault: it is retried
 * with the same backoff but spends no attempt, for as long as the outage lasts, so an outage longer than
 * the retry budget dead-letters nothing (ARCHITECTURE.md 'Events and delivery', Outages).
 *
 * Errors of the bus's own machinery (processed-id store, DLT write) are thrown, not retried here: the
 * caller then must not commit, and the record comes again.
 */
export async function deliver(
  record: IncomingRecord,
  settings: ConsumerSettings,
  io: DeliveryIo,
): Promise<DeliveryOutcome> {
  const { group, logger } = settings;
  const where = { topic: record.topic, partition: record.partition, offset: record.offset, group };
  const deadLetter = async (error: unknown, attempts: number) => {
    const info: DeadLetterInfo = {
      error: errorOf(error),
      attempts,
      originalTopic: record.topic,
      originalPartition: record.partition,
      originalOffset: record.offset,
      group,
      failedAt: new Date().toISOString(),
    };
    await io.deadLetter(info);
    logger?.error({ ...where, attempts, err: info.error }, 'bus: event dead-lettered');
    return 'dead-lettered' as const;
  };

  let envelope: EventEnvelope;
  try {
    envelope = decode(record, settings.payloadSchema);
  } catch (error) {
    if (error instanceof UndeliverableError) return deadLetter(error, 0);
    throw error;
  }
  if (await settings.processedIds.has(group, envelope.id)) {
    logger?.debug({ ...where, id: envelope.id }, 'bus: already processed, skipped');
    return 'duplicate';
  }

  const deadLetterInfo = readDeadLetter(record.headers);
  let lastError: unknown;
  let outageRetries = 0;
  for (let attempt = 1; attempt <= settings.maxAttempts; attempt++) {
    if (io.signal.aborted) return 'aborted';
    const context: EventContext = {
      topic: record.topic,
      partition: record.partition,
      offset: record.offset,
      group,
      attempt,
      headers: record.headers,
      deadLetter: deadLetterInfo,
      signal: io.signal,
      heartbeat: io.heartbeat,
    };
    try {
      await withConsumerSpan(`${record.topic} process`, envelope.traceparent, async (span) => {
        span.setAttributes({
          'messaging.destination.name': record.topic,
          'messaging.consumer.group.name': group,
          'messaging.message.id': envelope.id,
          'pulse.attempt': attempt,
        });
        await settings.handler(envelope, context);
      });
    } catch (error) {
      if (io.signal.aborted) return 'aborted';
      if (isDependencyOutage(error)) {
        outageRetries += 1;
        const waited = await waitOutOutage({
          retries: outageRetries,
          error,
          backoff: settings.backoff,
          signal: io.signal,
          logger,
          where: { ...where, id: envelope.id, attempt },
          message: 'bus: a dependency is down; retrying without spending an attempt',
        });
        if (!waited) return 'aborted';
        attempt -= 1;
        continue;
      }
      outageRetries = 0;
      lastError = error;
      logger?.warn({ ...where, id: envelope.id, attempt, err: errorOf(error) }, 'bus: handler failed');
      if (attempt < settings.maxAttempts) {
        const waited = await waitOrAbort(backoffDelay(settings.backoff, attempt), io.signal);
        if (!waited) return 'aborted';
      }
      continue;
    }
    await settings.processedIds.add(group, envelope.id);
    return 'handled';
  }
  return deadLetter(lastError, settings.maxAttempts);
}
