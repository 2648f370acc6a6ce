import {
  buildEnvelope,
  type EnvelopeMeta,
  type EventEnvelope,
  type EventPayload,
  type Topic,
  eventRegistry,
} from '@pulse/contracts';
import type { z } from 'zod';
import { currentTraceparent } from '../observability/telemetry';
import type { EventBus } from './bus.port';

/**
 * How services publish: the payload is validated against the topic's contract (a producer bug fails
 * here, not in every consumer), type, version and key come from the contract, and the active span's
 * traceparent rides along so the consumer's work joins the producer's trace.
 */
export async function publishEvent<T extends Topic>(
  bus: EventBus,
  topic: T,
  payload: z.input<(typeof eventRegistry)[T]['schema']>,
  meta: EnvelopeMeta,
): Promise<EventEnvelope<EventPayload<T>>> {
  const envelope = buildEnvelope(topic, payload, {
    ...meta,
    traceparent: meta.traceparent ?? currentTraceparent(),
  });
  await bus.publish(topic, envelope);
  return envelope;
}
