import type { EventEnvelope } from '@pulse/contracts';
import type { DeadLetterInfo, EventBatchContext } from '../bus.port';
import { errorOf } from './dead-letter';
import { isDependencyOutage, waitOutOutage } from './dependency-outage';
import {
  decode,
  deliver,
  type ConsumerSettings,
  type DeliveryIo,
  type IncomingRecord,
} from './event-delivery';
import { markProcessed, processedAmong } from './processed-ids';
import { withConsumerSpan } from '../../observability/telemetry';

/** What the adapter provides around one batch: deadLetter names the record by its index in the batch. */
export interface BatchDeliveryIo {
  signal: AbortSignal;
  heartbeat(): Promise<void>;
  deadLetter(index: number, info: DeadLetterInfo): Promise<void>;
}

/** 'done': every record of the batch may be committed. 'aborted': none may (the subscription is closing). */
export type BatchOutcome = 'done' | 'aborted';

/**
 * The delivery rules of event-delivery.ts for a batch of consecutive records of one partition:
 *
 *  - a record that cannot be decoded or breaks the payload schema is dead-lettered at once, as alone;
 *  - envelope ids the group already processed (one hasMany round trip) and repeats of an id within the
 *    batch are left out;
 *  - the rest go to the batch handler in partition order; a dependency outage retries the batch without
 *    spending an attempt, for as long as it lasts;
 *  - any other failure takes the batch apart: each of its events is delivered alone (deliver(), with
 *    its retries and dead-letter), so a poison event costs only itself. The handler is idempotent per
 *    event, so what the failed batch had already applied is not applied twice;
 *  - after success, the ids are marked processed in one addMany round trip.
 *
 * Errors of the bus's own machinery are thrown, as in deliver(): the caller then commits nothing.
 */
export async function deliverBatch(
  records: readonly IncomingRecord[],
  settings: ConsumerSettings,
  io: BatchDeliveryIo,
): Promise<BatchOutcome> {
  const batch = settings.batch;
  if (!batch) throw new Error('deliverBatch needs a batch subscription');
  const { group, logger } = settings;
  const recordIo = (index: number): DeliveryIo => ({
    signal: io.signal,
    heartbeat: io.heartbeat,
    deadLetter: (info) => io.deadLetter(index, info),
  });

  const decoded: Array<{ index: number; envelope: EventEnvelope }> = [];
  for (const [index, record] of records.entries()) {
    let envelope: EventEnvelope | undefined;
    try {
      envelope = decode(record, settings.payloadSchema);
    } catch {
      // deliver() dead-letters it with the same reason, as the single-event path would.
      if ((await deliver(record, settings, recordIo(index))) === 'aborted') return 'aborted';
      continue;
    }
    decoded.push({ index, envelope });
  }
  const processed = await processedAmong(
    settings.processedIds,
    group,
    decoded.map((entry) => entry.envelope.id),
  );
  const seen = new Set<string>();
  const fresh = decoded.filter(({ envelope }) => {
    if (processed.has(envelope.id) || seen.has(envelope.id)) return false;
    seen.add(envelope.id);
    return true;
  });
  if (fresh.length === 0) return 'done';

  const first = records[fresh[0].index];
  const last = records[fresh[fresh.length - 1].index];
  const context: EventBatchContext = {
    topic: first.topic,
    partition: first.partition,
    firstOffset: first.offset,
    lastOffset: last.offset,
    group,
    attempt: 1,
    headers: first.headers,
    signal: io.signal,
    heartbeat: io.heartbeat,
  };
  const where = {
    topic: first.topic,
    partition: first.partition,
    group,
    from: first.offset,
    to: last.offset,
  };
  let outageRetries = 0;
  for (;;) {
    if (io.signal.aborted) return 'aborted';
    try {
      await withConsumerSpan(`${first.topic} process`, fresh[0].envelope.traceparent, async (span) => {
        span.setAttributes({
          'messaging.destination.name': first.topic,
          'messaging.consumer.group.name': group,
          'messaging.batch.message_count': fresh.length,
        });
        await batch.handler(
          fresh.map((entry) => entry.envelope),
          context,
        );
      });
      break;
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
          where,
          message: 'bus: a dependency is down; retrying the batch without spending an attempt',
        });
        if (!waited) return 'aborted';
        continue;
      }
      logger?.warn(
        { ...where, events: fresh.length, err: errorOf(error) },
        'bus: batch handler failed; delivering its events one at a time',
      );
      for (const { index } of fresh) {
        if ((await deliver(records[index], settings, recordIo(index))) === 'aborted') return 'aborted';
      }
      return 'done';
    }
  }
  await markProcessed(
    settings.processedIds,
    group,
    fresh.map((entry) => entry.envelope.id),
  );
  return 'done';
}
