import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@pulse/contracts';
import { currentTraceparent } from '../observability/telemetry';

export interface NewEnvelope<P> {
  type: string;
  version: number;
  source: string;
  /** Aggregate id (article id, question id): the partition key that keeps its events in order. */
  key: string;
  payload: P;
  /** Default: the active span's, so the consumer's span joins the producer's trace (docs/design.md §4). */
  traceparent?: string;
}

/** Fills what the producer must not choose: a fresh id (what consumers deduplicate on) and the time. */
export function createEnvelope<P>(input: NewEnvelope<P>): EventEnvelope<P> {
  const envelope: EventEnvelope<P> = {
    id: randomUUID(),
    type: input.type,
    version: input.version,
    occurredAt: new Date().toISOString(),
    source: input.source,
    key: input.key,
    payload: input.payload,
  };
  const traceparent = input.traceparent ?? currentTraceparent();
  if (traceparent) envelope.traceparent = traceparent;
  return envelope;
}
